import ipaddr from 'ipaddr.js';

/**
 * IPv6 addresses that carry an IPv4 address inside them. A packet to one of them may end up at
 * the IPv4 address (IPv4-mapped through a dual-stack socket, NAT64 through a translator, the
 * tunnels through an encapsulating interface or relay), so the callback guard has to see the IPv4
 * address too. ipaddr.js names most of these ranges but unwraps only IPv4-mapped ones, and it
 * knows neither the IPv4-compatible range (`::7f00:1` is "unicast" to it) nor ISATAP.
 */

export type EmbeddingForm =
  /** `::ffff:a.b.c.d`, ::ffff:0:0/96 (RFC 4291 2.5.5.2). */
  | 'IPv4-mapped'
  /** `::a.b.c.d`, ::/96 without :: and ::1 (RFC 4291 2.5.5.1, deprecated). */
  | 'IPv4-compatible'
  /** `::ffff:0:a.b.c.d`, ::ffff:0:0:0/96 (RFC 2765 SIIT, RFC 6145). */
  | 'IPv4-translated'
  /** 64:ff9b::/96, the NAT64 well-known prefix (RFC 6052). */
  | 'NAT64'
  /** 64:ff9b:1::/48, NAT64 prefixes for local use (RFC 8215). */
  | 'NAT64 local-use'
  /** 2002:AABB:CCDD::/48 within 2002::/16 (RFC 3056). */
  | '6to4'
  /** 2001:0:SSSS:SSSS::/64 within 2001::/32 (RFC 4380): the Teredo server's IPv4 address. */
  | 'Teredo server'
  /** The last 32 bits of a Teredo address, inverted: the Teredo client's IPv4 address. */
  | 'Teredo client'
  /** Interface identifier 0:5efe:a.b.c.d or 200:5efe:a.b.c.d under any prefix (RFC 5214). */
  | 'ISATAP';

export interface EmbeddedIPv4 {
  form: EmbeddingForm;
  ipv4: ipaddr.IPv4;
}

/** The IPv4 address in bytes `at` of an IPv6 address, optionally inverted (Teredo). */
const ipv4At = (bytes: readonly number[], at: readonly number[], invert = false) =>
  new ipaddr.IPv4(at.map((index) => ((bytes[index] ?? 0) ^ (invert ? 0xff : 0)) & 0xff));

const LAST_32_BITS = [12, 13, 14, 15] as const;

const prefix = (text: string) => ipaddr.parseCIDR(text) as [ipaddr.IPv6, number];
const IPV4_MAPPED = prefix('::ffff:0:0/96');
const IPV4_COMPATIBLE = prefix('::/96');
const IPV4_TRANSLATED = prefix('::ffff:0:0:0/96');
const NAT64 = prefix('64:ff9b::/96');
const NAT64_LOCAL_USE = prefix('64:ff9b:1::/48');
const SIX_TO_FOUR = prefix('2002::/16');
const TEREDO = prefix('2001::/32');

/**
 * Where an RFC 6052 prefix of each length a 64:ff9b:1::/48 prefix can have (48, 56, 64, 96)
 * puts the IPv4 address; bits 64-71 are skipped. The operator's length is not in the address.
 */
const NAT64_POSITIONS = [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], LAST_32_BITS] as const;

/** Every IPv4 address an IPv6 address embeds, with the form it is embedded in. */
export const embeddedIPv4 = (address: ipaddr.IPv6): EmbeddedIPv4[] => {
  const bytes = address.toByteArray();
  const found: EmbeddedIPv4[] = [];
  const add = (form: EmbeddingForm, at: readonly number[], invert = false) =>
    found.push({ form, ipv4: ipv4At(bytes, at, invert) });

  if (address.match(IPV4_MAPPED)) add('IPv4-mapped', LAST_32_BITS);
  // :: and ::1 are the unspecified and loopback addresses, not IPv4-compatible ones.
  const unspecifiedOrLoopback =
    bytes.slice(0, 15).every((byte) => byte === 0) && (bytes[15] ?? 0) <= 1;
  if (address.match(IPV4_COMPATIBLE) && !unspecifiedOrLoopback) {
    add('IPv4-compatible', LAST_32_BITS);
  }
  if (address.match(IPV4_TRANSLATED)) add('IPv4-translated', LAST_32_BITS);
  if (address.match(NAT64)) add('NAT64', LAST_32_BITS);
  if (address.match(NAT64_LOCAL_USE)) {
    for (const at of NAT64_POSITIONS) add('NAT64 local-use', at);
  }
  if (address.match(SIX_TO_FOUR)) add('6to4', [2, 3, 4, 5]);
  if (address.match(TEREDO)) {
    add('Teredo server', [4, 5, 6, 7]);
    add('Teredo client', LAST_32_BITS, true);
  }
  // 00-00-5E-FE with the universal/local and group bits of the first byte free.
  if (
    ((bytes[8] ?? 0) & 0xfc) === 0 &&
    bytes[9] === 0 &&
    bytes[10] === 0x5e &&
    bytes[11] === 0xfe
  ) {
    add('ISATAP', LAST_32_BITS);
  }
  return found;
};

/**
 * Parses an IP address as a connection would use it. ipaddr.js reads the deprecated spelling
 * `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`, but it is the IPv4-compatible ::/96 address
 * that net.connect dials (and what dns.lookup prints for an AAAA record ::808:808), so it is
 * rewritten to `::0:a.b.c.d` first.
 */
export const parseAddress = (text: string): ipaddr.IPv4 | ipaddr.IPv6 | null => {
  const spelled = /^::[^:]*\./.test(text) ? `::0:${text.slice(2)}` : text;
  return ipaddr.isValid(spelled) ? ipaddr.parse(spelled) : null;
};
