import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher } from 'undici';

/**
 * Where callbacks may go. Merchants choose callback URLs, so without a check a merchant could
 * make our servers POST into our own network (SSRF): the database, cloud metadata at
 * 169.254.169.254, admin ports on loopback. In production only public unicast addresses are
 * dialled; the check runs on the address actually connected to (at DNS lookup inside the
 * connection), so a name that resolves to a public address when checked and a private one when
 * dialled (DNS rebinding) is refused too.
 */

/** The error code of a refused destination, in lastError via the fetch failure's cause. */
export const PRIVATE_ADDRESS_ERROR_CODE = 'EPRIVATEADDRESS';

/** Whether an IP address is a public unicast one (IPv4-mapped IPv6 judged as its IPv4). */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
};

const refusal = (hostname: string, address: string) =>
  Object.assign(new Error(`${hostname} resolves to ${address}, which is not a public address`), {
    code: PRIVATE_ADDRESS_ERROR_CODE,
  });

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup that fails when any address of the name is not public. Handles both shapes
 * net.connect asks for (one address, or all of them when it races IPv4 and IPv6).
 */
export const publicOnlyLookup = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void => {
  dnsLookup(hostname, { ...options }, (error, result, family) => {
    if (error) return callback(error, '');
    const addresses = Array.isArray(result) ? result.map((entry) => entry.address) : [result];
    const blocked = addresses.find((address) => !isPublicAddress(address));
    if (blocked !== undefined) return callback(refusal(hostname, blocked), '');
    callback(null, result as string | LookupAddress[], family);
  });
};

/**
 * Checks a callback URL's host before dialling: an IP literal is judged here (no lookup happens
 * for it), a name at connection time by publicOnlyLookup. Returns why it is refused, or null.
 */
export const literalAddressRefusal = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(host)) return null;
  return isPublicAddress(host)
    ? null
    : `The callback URL points to ${host}, which is not a public address`;
};

/** The HTTP client of callback deliveries: public addresses only, unless private networks are allowed. */
export const callbackDispatcher = ({
  allowPrivateNetworks,
}: {
  allowPrivateNetworks: boolean;
}): Dispatcher => new Agent(allowPrivateNetworks ? {} : { connect: { lookup: publicOnlyLookup } });
