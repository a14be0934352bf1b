import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import {
  type EmbeddedIPv4,
  type EmbeddingForm,
  embeddedIPv4,
  parseAddress,
} from './embedded-ipv4.ts';

/**
 * Where callbacks may go. Merchants choose callback URLs, so without a check a merchant could
 * make our servers POST into our own network (SSRF): the database, cloud metadata at
 * 169.254.169.254, admin ports on loopback. In production only public unicast addresses are
 * dialled; the check runs on the address actually connected to (at DNS lookup inside the
 * connection, and on an IP literal just before it is dialled), so a name that resolves to a
 * public address when checked and a private one when dialled (DNS rebinding) is refused too.
 * IPv6 addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo, ISATAP …, see
 * embedded-ipv4.ts) are judged with the IPv4 address they embed.
 */

/** The error code of a refused destination, in lastError via the fetch failure's cause. */
export const PRIVATE_ADDRESS_ERROR_CODE = 'EPRIVATEADDRESS';

const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/** 2000::/3, where IANA allocates global unicast addresses; everything else is special or unused. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * The IPv6 forms embedding an IPv4 address that are judged by that IPv4 address (see
 * embedded-ipv4.ts): IPv4-mapped (a dual-stack socket connects to the IPv4 address itself) and
 * the NAT64 well-known prefix (RFC 6052 made it for reaching global IPv4 from IPv6-only networks;
 * it must not carry non-global IPv4 addresses, IANA lists it as globally reachable), both public
 * exactly when the IPv4 address is; ISATAP, an interface identifier under an otherwise ordinary
 * prefix, when the IPv4 address is public and the prefix is global unicast.
 * Every other form is refused whatever it embeds: IPv4-compatible (deprecated since RFC 4291),
 * IPv4-translated (SIIT-internal), NAT64 local-use (site-specific, and where the IPv4 address sits
 * depends on a prefix length the address does not show), 6to4 (relays deprecated by RFC 7526) and
 * Teredo (a client NAT traversal through third-party relays; embeds two IPv4 addresses). None is
 * global unicast, and no merchant serves callbacks from one; if in doubt, refuse.
 */
const JUDGED_BY_EMBEDDED_IPV4: ReadonlySet<EmbeddingForm> = new Set<EmbeddingForm>([
  'IPv4-mapped',
  'NAT64',
  'ISATAP',
]);

type Verdict = { isPublic: true } | { isPublic: false; embedding?: EmbeddedIPv4 };

/**
 * Public: IPv4 unicast outside every special-purpose range ipaddr.js knows (loopback, private,
 * link-local, CGNAT, multicast, unspecified, broadcast, reserved and documentation, AS112, AMT),
 * or IPv6 global unicast outside every special-purpose range, with every IPv4 address it embeds
 * public and its embedding form one judged by that address. Addresses with a zone id are scoped
 * to an interface, so not public. Anything that is not an IP address is not public either.
 */
const judge = (text: string): Verdict => {
  const address = parseAddress(text);
  if (address === null) return { isPublic: false };
  if (address instanceof ipaddr.IPv4) return { isPublic: isPublicIPv4(address) };
  if (address.zoneId !== undefined) return { isPublic: false };
  const embedded = embeddedIPv4(address);
  // A non-public IPv4 address inside names the reason best (Teredo embeds two).
  const refused =
    embedded.find(({ ipv4 }) => !isPublicIPv4(ipv4)) ??
    embedded.find(({ form }) => !JUDGED_BY_EMBEDDED_IPV4.has(form));
  if (refused) return { isPublic: false, embedding: refused };
  // The IPv6 address only spells the (public) IPv4 address; its own range says nothing.
  if (embedded.some(({ form }) => form === 'IPv4-mapped' || form === 'NAT64')) {
    return { isPublic: true };
  }
  return { isPublic: address.range() === 'unicast' && address.match(GLOBAL_UNICAST) };
};

/** Whether an IP address is public: see judge. IPv6 forms embedding IPv4 per embedded-ipv4.ts. */
export const isPublicAddress = (address: string): boolean => judge(address).isPublic;

/** The address for a refusal message, with the IPv4 address it embeds when that decided. */
const described = (address: string, verdict: Verdict) => {
  if (verdict.isPublic || !verdict.embedding) return address;
  const { form, ipv4 } = verdict.embedding;
  // Where a local-use NAT64 prefix puts the IPv4 address is not known, so none is named.
  return form === 'NAT64 local-use' ? `${address} (${form})` : `${address} (${form} for ${ipv4})`;
};

/**
 * The refusal of a connection to a non-public address. For a name, the message does not say
 * which address it resolved to: it is stored with the attempt and shown to the merchant, who
 * would otherwise learn what the platform's internal names resolve to. `resolvedTo` keeps it for
 * the server's own use.
 */
const refusal = (hostname: string, address: string, verdict: Verdict) =>
  Object.assign(
    new Error(
      hostname === address
        ? `${described(address, verdict)} is not a public address`
        : `${hostname} resolves to an address that is not public`,
    ),
    { code: PRIVATE_ADDRESS_ERROR_CODE, resolvedTo: described(address, verdict) },
  );

/**
 * dns.lookup that fails when any address of the name is not public. Handles both shapes
 * net.connect asks for (one address, or all of them when it races IPv4 and IPv6).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options }, (error, result, family) => {
    if (error) return callback(error, '');
    const addresses = Array.isArray(result) ? result.map((entry) => entry.address) : [result];
    for (const address of addresses) {
      const verdict = judge(address);
      if (!verdict.isPublic) return callback(refusal(hostname, address, verdict), '');
    }
    callback(null, result as string | LookupAddress[], family);
  });
};

/**
 * Checks a callback URL's host before dialling, so a refused literal fails at once and for good
 * (names are judged at connection time, by publicOnlyLookup). WHATWG URL parsing has already
 * written odd IPv4 spellings (2130706433, 0x7f.1, 127.1, 0177.0.0.1) as dotted decimal and IPv6
 * in lowercase without zero padding, and refuses zone ids. Returns why it is refused, or null.
 */
export const literalAddressRefusal = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (parseAddress(host) === null) return null;
  const verdict = judge(host);
  return verdict.isPublic
    ? null
    : `The callback URL points to ${described(host, verdict)}, which is not a public address`;
};

/**
 * undici's connector with publicOnlyLookup for names, and the same check for IP literals, which
 * net.connect dials without a lookup: the dispatcher itself never connects to a non-public
 * address, whoever calls it.
 */
const publicOnlyConnector = (): buildConnector.connector => {
  const connect = buildConnector({ lookup: publicOnlyLookup });
  return (options, callback) => {
    if (isIP(options.hostname) !== 0) {
      const verdict = judge(options.hostname);
      if (!verdict.isPublic) {
        return callback(refusal(options.hostname, options.hostname, verdict), null);
      }
    }
    connect(options, callback);
  };
};

/**
 * The HTTP client of callback deliveries: public addresses only, unless private networks are
 * allowed (CALLBACK_ALLOW_PRIVATE_NETWORKS, for development).
 */
export const callbackDispatcher = ({
  allowPrivateNetworks,
}: {
  allowPrivateNetworks: boolean;
}): Dispatcher => new Agent(allowPrivateNetworks ? {} : { connect: publicOnlyConnector() });
