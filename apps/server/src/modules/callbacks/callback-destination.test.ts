import { promises as dns, type LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  literalAddressRefusal,
  PRIVATE_ADDRESS_ERROR_CODE,
  publicOnlyLookup,
} from './callback-destination.ts';

describe('callback destinations', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2001:4860:4860::8888', true],
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
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['localhost', false],
    ['', false],
  ])('judges %s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses private IP literals in URLs and leaves names to connection time', () => {
    expect(literalAddressRefusal(new URL('http://127.0.0.1:8080/cb'))).toBe(
      'The callback URL points to 127.0.0.1, which is not a public address',
    );
    expect(literalAddressRefusal(new URL('http://[::ffff:7f00:1]/cb'))).toBe(
      'The callback URL points to ::ffff:7f00:1, which is not a public address',
    );
    // WHATWG URL parsing normalises odd IPv4 spellings first, so they cannot sneak through.
    expect(literalAddressRefusal(new URL('http://2130706433/cb'))).toBe(
      'The callback URL points to 127.0.0.1, which is not a public address',
    );
    expect(literalAddressRefusal(new URL('http://0x7f.1/cb'))).toBe(
      'The callback URL points to 127.0.0.1, which is not a public address',
    );
    expect(literalAddressRefusal(new URL('https://8.8.8.8/cb'))).toBeNull();
    expect(literalAddressRefusal(new URL('https://shop.example/cb'))).toBeNull();
  });

  const lookup = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: string | LookupAddress[] }>(
      (resolve) =>
        publicOnlyLookup(hostname, { all }, (error, result) => resolve({ error, result })),
    );

  it('fails the lookup of a name with a private address, in both lookup shapes', async () => {
    for (const all of [false, true]) {
      const { error } = await lookup('localhost', all);
      expect(error?.code).toBe(PRIVATE_ADDRESS_ERROR_CODE);
      expect(error?.message).toMatch(/^localhost resolves to .*, which is not a public address$/);
    }
  });

  it('passes lookup errors through unchanged', async () => {
    const { error } = await lookup('no-such-host.invalid', false);
    expect(error?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it('returns a public name’s addresses as dns.lookup would', async () => {
    // A public IP literal resolves to itself without any DNS server.
    const { error, result } = await lookup('8.8.4.4', true);
    expect(error).toBeNull();
    expect(result).toEqual(await dns.lookup('8.8.4.4', { all: true }));
  });
});
