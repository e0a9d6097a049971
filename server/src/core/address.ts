/**
 * The client a per-address limit counts. An IPv4 address is one client (an IPv4-mapped IPv6 address is its
 * IPv4 address); an IPv6 address counts as its /64. A subscriber line is given at least a /64 (RFC 6177) and a
 * phone picks any address in it (privacy addresses rotate), so counting each IPv6 address would give one phone
 * 2^64 fresh budgets. Unparseable text (never from a socket) counts as itself.
 */
import ipaddr from 'ipaddr.js';

export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const a = ipaddr.process(ip); // an IPv4-mapped address as IPv4
  if (a.kind() === 'ipv4') return a.toString();
  const prefix = (a as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(prefix).toString()}/64`;
}
