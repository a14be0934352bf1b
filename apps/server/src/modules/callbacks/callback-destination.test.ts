import { promises as dns, type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callbackDispatcher,
  isPublicAddress,
  literalAddressRefusal,
  PRIVATE_ADDRESS_ERROR_CODE,
  publicOnlyLookup,
} from './callback-destination.ts';
import { startCallbackReceiver } from './callback-test-receiver.ts';

/** Stand-in DNS answers: a name in here resolves to its address, any other name really. */
const fakeDns = vi.hoisted(() => new Map<string, string>());

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const fakeLookup = (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family: number,
    ) => void,
  ) => {
    const address = fakeDns.get(hostname);
    if (address === undefined) return real.lookup(hostname, options, callback);
    const family = address.includes(':') ? 6 : 4;
    setImmediate(() => callback(null, options.all ? [{ address, family }] : address, family));
  };
  return { ...real, lookup: fakeLookup };
});

/**
 * Every IPv6 form that embeds an IPv4 address, with a loopback or private IPv4 address inside
 * (never public) and with a public one (public only where the form is judged by its IPv4
 * address, see JUDGED_BY_EMBEDDED_IPV4 in callback-destination.ts):
 * - IPv4-mapped and the NAT64 well-known prefix are public exactly when the IPv4 address is: the
 *   first is dialled as that IPv4 address, the second is how IPv6-only networks reach the IPv4
 *   internet (RFC 6052 forbids non-global IPv4 addresses in it).
 * - ISATAP is an interface identifier: public with a public IPv4 address under a global unicast
 *   prefix, like any other address there.
 * - IPv4-compatible (deprecated), IPv4-translated (SIIT-internal), NAT64 local-use (site-specific,
 *   the IPv4 position depends on the operator's prefix length), 6to4 (relays deprecated by RFC
 *   7526) and Teredo (client NAT traversal via third-party relays) are refused whatever they
 *   embed: none is global unicast, and no merchant serves callbacks from one.
 * Both hexadecimal and dotted spellings, since dns.lookup prints `::7f00:1` as `::127.0.0.1`.
 */
const EMBEDDED_FORMS: ReadonlyArray<readonly [form: string, address: string, isPublic: boolean]> = [
  ['IPv4-mapped', '::ffff:127.0.0.1', false],
  ['IPv4-mapped', '::ffff:7f00:1', false],
  ['IPv4-mapped', '::ffff:10.1.2.3', false],
  ['IPv4-mapped', '::ffff:a9fe:a9fe', false],
  ['IPv4-mapped', '::ffff:100.64.0.1', false],
  ['IPv4-mapped', '::ffff:0.0.0.0', false],
  ['IPv4-mapped', '::ffff:255.255.255.255', false],
  ['IPv4-mapped', '::ffff:224.0.0.1', false],
  ['IPv4-mapped', '::ffff:192.0.2.1', false],
  ['IPv4-mapped', '::ffff:8.8.8.8', true],
  ['IPv4-mapped', '::ffff:808:808', true],
  ['IPv4-compatible', '::127.0.0.1', false],
  ['IPv4-compatible', '::7f00:1', false],
  ['IPv4-compatible', '::192.168.1.1', false],
  ['IPv4-compatible', '::a9fe:a9fe', false],
  ['IPv4-compatible', '::8.8.8.8', false],
  ['IPv4-compatible', '::808:808', false],
  ['IPv4-translated', '::ffff:0:127.0.0.1', false],
  ['IPv4-translated', '::ffff:0:a00:1', false],
  ['IPv4-translated', '::ffff:0:8.8.8.8', false],
  ['NAT64', '64:ff9b::127.0.0.1', false],
  ['NAT64', '64:ff9b::7f00:1', false],
  ['NAT64', '64:ff9b::172.16.0.1', false],
  ['NAT64', '64:ff9b::a9fe:a9fe', false],
  ['NAT64', '64:ff9b::8.8.8.8', true],
  ['NAT64', '64:ff9b::808:808', true],
  ['NAT64 local-use /96', '64:ff9b:1::7f00:1', false],
  ['NAT64 local-use /48', '64:ff9b:1:7f00:0:100::', false],
  ['NAT64 local-use /96', '64:ff9b:1::8.8.8.8', false],
  ['NAT64 local-use /48', '64:ff9b:1:808:8:800::', false],
  ['6to4', '2002:7f00:1::1', false],
  ['6to4', '2002:a00:1:1::1', false],
  ['6to4', '2002:c0a8:101::', false],
  ['6to4', '2002:808:808::1', false],
  ['Teredo, client 127.0.0.1', '2001:0:4136:e378:8000:63bf:80ff:fffe', false],
  ['Teredo, server 10.0.0.1', '2001:0:a00:1:8000:63bf:f7f7:f7f7', false],
  ['Teredo, both 8.8.8.8', '2001:0:808:808:8000:63bf:f7f7:f7f7', false],
  ['ISATAP', '2001:4860:1::5efe:127.0.0.1', false],
  ['ISATAP', '2001:4860:1::200:5efe:7f00:1', false],
  ['ISATAP', '2001:4860:1::5efe:10.0.0.1', false],
  ['ISATAP, link-local prefix', 'fe80::5efe:8.8.8.8', false],
  ['ISATAP', '2001:4860:1::200:5efe:8.8.8.8', true],
  ['ISATAP', '2001:4860:1::5efe:808:808', true],
];

describe('callback destinations', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2001:4860:4860::8888', true],
    ['2001:4860:4860:0000:0000:0000:0000:8888', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['198.51.100.1', false],
    ['::', false],
    ['::1', false],
    ['0:0:0:0:0:0:0:1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['2001:4860:4860::8888%eth0', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['2001:db8::1', false],
    ['4000::1', false],
    ['5f00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::FFFF:7F00:0001', false],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', false],
    ['0:0:0:0:0:0:127.0.0.1', false],
    ['::127.0.0.1%eth0', false],
    ['::ffff:10.0.0.1', false],
    ['2130706433', false],
    ['localhost', false],
    ['', false],
  ])('judges %s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('judges every IPv6 form embedding an IPv4 address by the IPv4 address, also in a URL', () => {
    const expected = Object.fromEntries(
      EMBEDDED_FORMS.map(([form, address, isPublic]) => [
        `${form} ${address}`,
        { isPublic, urlAllowed: isPublic },
      ]),
    );
    const actual = Object.fromEntries(
      EMBEDDED_FORMS.map(([form, address]) => [
        `${form} ${address}`,
        {
          isPublic: isPublicAddress(address),
          urlAllowed: literalAddressRefusal(new URL(`http://[${address}]/cb`)) === null,
        },
      ]),
    );
    expect(actual).toEqual(expected);
  });

  it('refuses IP literals in URLs however they are spelled, and leaves names to connection time', () => {
    const refusals = [
      // WHATWG URL parsing writes odd IPv4 spellings as dotted decimal before the check.
      'http://127.0.0.1:8080/cb',
      'http://2130706433/cb',
      'http://0x7f000001/cb',
      'http://0x7f.1/cb',
      'http://127.1/cb',
      'http://0177.0.0.1/cb',
      'http://127.000.000.001/cb',
      'http://127.0.0.1./cb',
      // …and IPv6 in lowercase without zero padding or dotted parts.
      'http://[::1]/cb',
      'http://[FE80::1]/cb',
      'http://[::127.0.0.1]/cb',
      'http://[::FFFF:127.0.0.1]/cb',
      'http://[0000:0000:0000:0000:0000:ffff:7f00:0001]/cb',
      'http://[::ffff:0:127.0.0.1]/cb',
      'http://[64:FF9B::10.0.0.1]/cb',
      'http://[64:ff9b:1::a9fe:a9fe]/cb',
      'http://[2002:7f00:1::]/cb',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/cb',
      'http://[2001:4860:1::200:5efe:127.0.0.1]/cb',
    ].map((url) =>
      literalAddressRefusal(new URL(url))?.replace(/^The callback URL points to /, ''),
    );
    expect(refusals).toEqual(
      [
        ...Array.from({ length: 8 }, () => '127.0.0.1'),
        '::1',
        'fe80::1',
        '::7f00:1 (IPv4-compatible for 127.0.0.1)',
        '::ffff:7f00:1 (IPv4-mapped for 127.0.0.1)',
        '::ffff:7f00:1 (IPv4-mapped for 127.0.0.1)',
        '::ffff:0:7f00:1 (IPv4-translated for 127.0.0.1)',
        '64:ff9b::a00:1 (NAT64 for 10.0.0.1)',
        '64:ff9b:1::a9fe:a9fe (NAT64 local-use)',
        '2002:7f00:1:: (6to4 for 127.0.0.1)',
        '2001:0:4136:e378:8000:63bf:80ff:fffe (Teredo client for 127.0.0.1)',
        '2001:4860:1:0:200:5efe:7f00:1 (ISATAP for 127.0.0.1)',
      ].map((address) => `${address}, which is not a public address`),
    );
    // Zone ids are no part of a URL: such a URL never gets as far as the check.
    expect(() => new URL('http://[fe80::1%25eth0]/cb')).toThrow();
    expect(literalAddressRefusal(new URL('https://8.8.8.8/cb'))).toBeNull();
    expect(literalAddressRefusal(new URL('https://[64:ff9b::8.8.8.8]/cb'))).toBeNull();
    expect(literalAddressRefusal(new URL('https://shop.example/cb'))).toBeNull();
  });

  const guardedLookup = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: string | LookupAddress[] }>(
      (resolve) =>
        publicOnlyLookup(hostname, { all }, (error, result) => resolve({ error, result })),
    );

  it('fails the lookup of a name with a private address, in both lookup shapes', async () => {
    for (const all of [false, true]) {
      const { error } = await guardedLookup('localhost', all);
      expect(error?.code).toBe(PRIVATE_ADDRESS_ERROR_CODE);
      // Which address is not said: the merchant reads this message (see refusal).
      expect(error?.message).toBe('localhost resolves to an address that is not public');
      expect((error as { resolvedTo?: string } | null)?.resolvedTo).toMatch(/^(127\.0\.0\.1|::1)$/);
    }
  });

  it('judges a DNS answer in any of the embedding forms by the IPv4 address inside', async () => {
    EMBEDDED_FORMS.forEach(([, address], index) => {
      fakeDns.set(`answer-${index}.test`, address);
    });
    const verdicts = await Promise.all(
      EMBEDDED_FORMS.map(async ([form, address], index) => {
        const codes = await Promise.all(
          [false, true].map(async (all) => {
            const { error } = await guardedLookup(`answer-${index}.test`, all);
            return error?.code ?? 'resolved';
          }),
        );
        return [`${form} ${address}`, codes] as const;
      }),
    );
    expect(Object.fromEntries(verdicts)).toEqual(
      Object.fromEntries(
        EMBEDDED_FORMS.map(([form, address, isPublic]) => [
          `${form} ${address}`,
          [false, true].map(() => (isPublic ? 'resolved' : PRIVATE_ADDRESS_ERROR_CODE)),
        ]),
      ),
    );
    const { error } = await guardedLookup('answer-0.test', true);
    expect(error?.message).toBe('answer-0.test resolves to an address that is not public');
    expect((error as { resolvedTo?: string } | null)?.resolvedTo).toBe(
      '::ffff:127.0.0.1 (IPv4-mapped for 127.0.0.1)',
    );
  });

  describe('the callback dispatcher', () => {
    let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      fakeDns.set('loopback-aaaa.test', '::ffff:127.0.0.1');
    });
    afterAll(() => receiver.close());

    const post = async (dispatcher: Agent, url: string) => {
      try {
        const response = await fetch(url, { dispatcher, method: 'POST', body: '{}' });
        await response.body?.cancel();
        return response.status;
      } catch (error) {
        return ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      }
    };

    it('connects to no non-public address, whether a name resolves to it or a literal names it', async () => {
      const port = new URL(receiver.url()).port;
      const urls = [
        `http://loopback-aaaa.test:${port}/callback`,
        `http://127.0.0.1:${port}/callback`,
        `http://[::ffff:127.0.0.1]:${port}/callback`,
        `http://[::ffff:7f00:1]:${port}/callback`,
      ];
      const guarded = callbackDispatcher({ allowPrivateNetworks: false }) as Agent;
      // Without the guard, each of them reaches the receiver on loopback.
      const unguarded = new Agent({ connect: { lookup } });
      const allowed = callbackDispatcher({ allowPrivateNetworks: true }) as Agent;
      try {
        expect(await Promise.all(urls.map((url) => post(guarded, url)))).toEqual(
          urls.map(() => PRIVATE_ADDRESS_ERROR_CODE),
        );
        expect(receiver.received).toHaveLength(0);
        expect(await Promise.all(urls.map((url) => post(unguarded, url)))).toEqual(
          urls.map(() => 204),
        );
        // CALLBACK_ALLOW_PRIVATE_NETWORKS: literals go through (names resolve by real DNS here).
        expect(await Promise.all(urls.slice(1).map((url) => post(allowed, url)))).toEqual(
          urls.slice(1).map(() => 204),
        );
      } finally {
        await Promise.all([guarded.close(), unguarded.close(), allowed.close()]);
      }
    });
  });

  it('passes lookup errors through unchanged', async () => {
    const { error } = await guardedLookup('no-such-host.invalid', false);
    expect(error?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it('returns a public name’s addresses as dns.lookup would', async () => {
    // A public IP literal resolves to itself without any DNS server.
    const { error, result } = await guardedLookup('8.8.4.4', true);
    expect(error).toBeNull();
    expect(result).toEqual(await dns.lookup('8.8.4.4', { all: true }));
  });
});
