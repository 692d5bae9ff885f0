/**
 * Where production webhooks may go: https only, never to loopback, private, link-local (cloud
 * metadata), CGNAT, multicast or reserved addresses, in any spelling, and never to a name that
 * resolves to one (a fake resolver stands in for DNS: no test reaches a real address).
 */
import { describe, expect, it } from 'vitest';
import {
  checkEndpointUrl,
  isForbiddenAddress,
  type Resolver,
  resolveDeliveryAddress,
} from '../../server/src/services/webhooks/url-policy.js';

const production = { productionMode: true };
const development = { productionMode: false };

describe('webhook URL policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('checks URLs at endpoint creation: https and no literal internal host in production', () => {
    expect(checkEndpointUrl('https://hooks.example.com/in', production)).toBeNull();
    expect(checkEndpointUrl('http://hooks.example.com/in', production)).toMatch(/https/);
    expect(checkEndpointUrl('https://127.0.0.1/in', production)).toMatch(/address/);
    expect(checkEndpointUrl('https://[::ffff:169.254.169.254]/in', production)).toMatch(/address/);
    expect(checkEndpointUrl('https://0x7f000001/in', production)).toMatch(/address/);
    expect(checkEndpointUrl('https://localhost:8443/in', production)).toMatch(/this machine/);
    expect(checkEndpointUrl('https://a.localhost/in', production)).toMatch(/this machine/);
    expect(checkEndpointUrl('ftp://hooks.example.com/', production)).toMatch(/https/);
    expect(checkEndpointUrl('not a url', production)).toMatch(/not valid/);
    // Development: a receiver on the developer's own machine is the normal case.
    expect(checkEndpointUrl('http://127.0.0.1:3000/in', development)).toBeNull();
    expect(checkEndpointUrl('http://localhost:3000/in', development)).toBeNull();
  });

  it('at send time refuses a name that resolves to an internal address, even among public ones', async () => {
    const dns: Record<string, string[]> = {
      'public.example': ['93.184.215.14'],
      'rebind.example': ['93.184.215.14', '169.254.169.254'],
      'inside.example': ['10.0.0.7'],
      'mapped.example': ['::ffff:127.0.0.1'],
    };
    const resolve: Resolver = async (host) =>
      (dns[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const at = (url: string, options = production) =>
      resolveDeliveryAddress(new URL(url), { ...options, resolve });
    expect(await at('https://public.example/hook')).toEqual({ address: '93.184.215.14', family: 4 });
    for (const host of ['rebind.example', 'inside.example', 'mapped.example']) {
      expect(await at(`https://${host}/hook`)).toHaveProperty('problem');
    }
    expect(await at('https://nowhere.example/hook')).toHaveProperty('problem');
    expect(await at('http://public.example/hook')).toHaveProperty('problem');
    // Development mode connects to what the name resolves to, whatever it is.
    expect(await at('http://inside.example/hook', development)).toEqual({ address: '10.0.0.7', family: 4 });
  });
});
