import ipaddr from 'ipaddr.js';

/**
 * Why an address may not be reached by an outbound fetch, or null when it is an ordinary public
 * address. The special-purpose ranges come from ipaddr.js, which keeps IANA's IPv4 and IPv6
 * special-purpose registries (decision 065): every range other than `unicast` is refused —
 * loopback, private, link-local, CGNAT, documentation, benchmarking, reserved, multicast, and
 * the IPv6 forms that carry an IPv4 address inside (NAT64, 6to4, Teredo, IPv4-translated). An
 * IPv4-mapped IPv6 address is judged by the IPv4 address it carries.
 */
export const refusedRange = (address: string): string | null => {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
};

/** True for an ordinary public (global unicast) address. */
export const isPublicAddress = (address: string): boolean => refusedRange(address) === null;
