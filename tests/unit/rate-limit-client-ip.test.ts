/** The client address per-IP limits count by: the socket's, or X-Forwarded-For behind trusted proxies. */
import { describe, expect, it } from 'vitest';
import { clientIp, UNKNOWN_CLIENT } from '../../server/src/services/rate-limit/client-ip.js';

const request = (forwardedFor?: string) =>
  new Request('http://127.0.0.1/api/v1', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

describe('clientIp', () => {
  it('is the socket address, whatever X-Forwarded-For says, when no proxy is trusted', () => {
    expect(clientIp(request('203.0.113.9'), '198.51.100.7', 0)).toBe('198.51.100.7');
    expect(clientIp(request(), '198.51.100.7', 0)).toBe('198.51.100.7');
  });

  it('takes the address the trusted proxies recorded, not what the client wrote further left', () => {
    // The client sent "1.1.1.1"; the one trusted proxy appended the real peer 203.0.113.9.
    expect(clientIp(request('1.1.1.1, 203.0.113.9'), '10.0.0.2', 1)).toBe('203.0.113.9');
    // Two proxies: the outer one recorded the client, the inner one recorded the outer one.
    expect(clientIp(request('1.1.1.1, 203.0.113.9, 10.0.0.1'), '10.0.0.2', 2)).toBe('203.0.113.9');
    // More proxies trusted than the chain has: the leftmost address.
    expect(clientIp(request('203.0.113.9'), '10.0.0.2', 5)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the trusted entry is not an address, and to one shared key without either', () => {
    expect(clientIp(request('nonsense'), '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientIp(request(''), '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientIp(request(), undefined, 0)).toBe(UNKNOWN_CLIENT);
    expect(clientIp(request('garbage'), 'also garbage', 1)).toBe(UNKNOWN_CLIENT);
  });

  it('counts IPv4-mapped IPv6 as IPv4, strips ports, and groups IPv6 by /64', () => {
    expect(clientIp(request(), '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientIp(request('203.0.113.9:51234'), '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientIp(request('[2001:db8::1]:443'), '10.0.0.2', 1)).toBe('2001:db8:0:0::/64');
    expect(clientIp(request(), '2001:DB8:0:0:ffff::1', 0)).toBe('2001:db8:0:0::/64');
    expect(clientIp(request(), '2001:db8:0:0:1::2', 0)).toBe(clientIp(request(), '2001:db8::9', 0));
    expect(clientIp(request(), '2001:db8:0:1::2', 0)).not.toBe(clientIp(request(), '2001:db8::9', 0));
    expect(clientIp(request(), '::1', 0)).toBe('0:0:0:0::/64');
    expect(clientIp(request(), '64:ff9b::192.0.2.33', 0)).toBe('64:ff9b:0:0::/64');
    expect(clientIp(request(), 'fe80::1%eth0', 0)).toBe('fe80:0:0:0::/64');
  });
});
