/**
 * The console's impersonation target check, attacker side first: an impersonation link (a live
 * refresh token in its fragment) is made only for an exact trusted origin or, when the project
 * allows it, this machine. Look-alike hosts, other ports and schemes, userinfo tricks, script URLs
 * and hostile strings are all refused, and nothing throws.
 */
import { describe, expect, it } from 'vitest';
import {
  impersonationTarget,
  MAX_APP_URL_LENGTH,
  type TrustedOrigins,
} from '../../console/src/pages/user-detail/impersonation-target.js';

const trust: TrustedOrigins = {
  domains: [
    { domain: 'https://app.example.com', handlerPath: '/auth' },
    { domain: 'http://staging.example.com:8080', handlerPath: '/handler' },
  ],
  allowLocalhost: false,
};
const withLocalhost: TrustedOrigins = { ...trust, allowLocalhost: true };

const untrusted = (origin: string) => ({ ok: false, reason: 'untrusted', origin });
const invalid = { ok: false, reason: 'invalid' };

describe('refused', () => {
  it.each([
    ['a look-alike suffix', 'https://app.example.com.evil.test', 'https://app.example.com.evil.test'],
    ['a look-alike prefix', 'https://evil-app.example.com', 'https://evil-app.example.com'],
    ['a sibling subdomain', 'https://example.com', 'https://example.com'],
    ['a deeper subdomain', 'https://x.app.example.com', 'https://x.app.example.com'],
    ['a trailing dot', 'https://app.example.com./', 'https://app.example.com.'],
    ['userinfo before the real host', 'https://app.example.com@evil.test', 'https://evil.test'],
    ['userinfo with a port', 'https://app.example.com:443@evil.test/auth', 'https://evil.test'],
    ['a backslash host switch', 'https://evil.test\\@app.example.com', 'https://evil.test'],
    ['the same host on http', 'http://app.example.com', 'http://app.example.com'],
    ['the same host on another port', 'https://app.example.com:8443', 'https://app.example.com:8443'],
    ['a trusted port on https', 'https://staging.example.com:8080', 'https://staging.example.com:8080'],
    ['a trusted host on its default port', 'http://staging.example.com', 'http://staging.example.com'],
    ['a homograph (punycode shown)', 'https://аpp.example.com', 'https://xn--pp-6kc.example.com'],
  ])('%s: %s', (_, address, origin) => {
    expect(impersonationTarget(address, withLocalhost)).toEqual(untrusted(origin));
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://app.example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'ftp://app.example.com',
    'file:///etc/passwd',
    '//app.example.com',
    'app.example.com',
    'app.example.com:443',
    'https:app.example.com',
    'https:///app.example.com',
    'https://',
    '',
    '   ',
  ])('not an http(s) address: %j', (address) => {
    expect(impersonationTarget(address, withLocalhost)).toEqual(invalid);
  });

  it('a trusted origin with a user name or password in it', () => {
    expect(impersonationTarget('https://admin:pw@app.example.com', trust)).toEqual({
      ok: false,
      reason: 'credentials',
    });
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'https://localhost'])(
    'localhost when the project does not allow it: %s',
    (address) => {
      expect(impersonationTarget(address, trust)).toMatchObject({ ok: false, reason: 'untrusted' });
    },
  );

  it.each([
    ['a localhost look-alike', 'http://localhost.evil.test:5173', 'http://localhost.evil.test:5173'],
    ['a name ending in localhost', 'http://evillocalhost:5173', 'http://evillocalhost:5173'],
    ['127 as a label of a real host', 'http://127.0.0.1.evil.test', 'http://127.0.0.1.evil.test'],
    ['another address', 'http://0.0.0.0:5173', 'http://0.0.0.0:5173'],
    ['userinfo of localhost', 'http://localhost:5173@evil.test', 'http://evil.test'],
  ])('not this machine even when localhost is allowed: %s', (_, address, origin) => {
    expect(impersonationTarget(address, withLocalhost)).toEqual(untrusted(origin));
  });

  it.each([
    ['a NUL', '\0'],
    ['a NUL in the host', 'https://app.example.com\0.evil.test'],
    ['a NUL after a trusted origin', 'https://app.example.com/\0'],
    ['a lone surrogate', '\ud800'],
    ['a lone surrogate in the host', 'https://\ud800.example.com'],
    ['70,000 characters', 'a'.repeat(70_000)],
    ['a 70,000-character host', `https://${'a'.repeat(70_000)}.example.com`],
    ['a trusted origin with a 70,000-character path', `https://app.example.com/${'a'.repeat(70_000)}`],
    ['a lone surrogate after a trusted origin', 'https://app.example.com/\ud800'],
    ['a tab inside a trusted host', 'https://app.exa\tmple.com'],
    ['a newline inside a trusted host', 'https://app.example\n.com'],
    ['a bracket soup', 'https://[[::1]]'],
    ['a percent-encoded host', 'https://%00app.example.com'],
  ])('hostile input without throwing: %s', (_, address) => {
    const result = impersonationTarget(address, withLocalhost);
    expect(result.ok).toBe(false);
  });

  it('anything over the length cap, however trusted its origin', () => {
    const long = `https://app.example.com/${'a'.repeat(MAX_APP_URL_LENGTH)}`;
    expect(impersonationTarget(long, trust)).toEqual(invalid);
  });

  it('everything when the project trusts nothing', () => {
    const none: TrustedOrigins = { domains: [], allowLocalhost: false };
    expect(impersonationTarget('https://app.example.com', none)).toEqual(
      untrusted('https://app.example.com'),
    );
    expect(impersonationTarget('http://localhost:5173', none)).toEqual(untrusted('http://localhost:5173'));
  });

  it('ignores a stored domain that is not an http(s) origin', () => {
    const odd: TrustedOrigins = {
      domains: [
        { domain: 'not a url', handlerPath: '/h' },
        { domain: 'javascript:alert(1)', handlerPath: '/h' },
      ],
      allowLocalhost: false,
    };
    expect(impersonationTarget('javascript:alert(1)', odd)).toEqual(invalid);
    expect(impersonationTarget('https://not', odd)).toEqual(untrusted('https://not'));
  });
});

describe('accepted', () => {
  it('a trusted origin, with its handler path', () => {
    expect(impersonationTarget('https://app.example.com', trust)).toEqual({
      ok: true,
      origin: 'https://app.example.com',
      handlerPath: '/auth',
    });
  });

  it.each([
    'https://app.example.com/',
    'https://APP.Example.com',
    'https://app.example.com:443',
    '  https://app.example.com  ',
    'https://app.example.com/base/path?x=1',
  ])('the same origin written differently: %j', (address) => {
    expect(impersonationTarget(address, trust)).toMatchObject({
      ok: true,
      origin: 'https://app.example.com',
    });
  });

  it('a trusted origin with a port', () => {
    expect(impersonationTarget('http://staging.example.com:8080/', trust)).toEqual({
      ok: true,
      origin: 'http://staging.example.com:8080',
      handlerPath: '/handler',
    });
  });

  it('a stored domain that still has a trailing slash or a path matches by origin', () => {
    const stored: TrustedOrigins = {
      domains: [{ domain: 'https://app.example.com/base/', handlerPath: '/auth' }],
      allowLocalhost: false,
    };
    expect(impersonationTarget('https://app.example.com', stored)).toMatchObject({
      ok: true,
      handlerPath: '/auth',
    });
  });

  it.each([
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://localhost', 'http://localhost'],
    ['https://localhost:3000', 'https://localhost:3000'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://127.0.0.2:3000', 'http://127.0.0.2:3000'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['http://LOCALHOST:5173/', 'http://localhost:5173'],
  ])('this machine when the project allows localhost: %s', (address, origin) => {
    expect(impersonationTarget(address, withLocalhost)).toEqual({
      ok: true,
      origin,
      handlerPath: '/handler',
    });
  });

  it('a localhost origin that is also a trusted domain, with that handler path', () => {
    const local: TrustedOrigins = {
      domains: [{ domain: 'http://localhost:3000', handlerPath: '/auth' }],
      allowLocalhost: false,
    };
    expect(impersonationTarget('http://localhost:3000', local)).toMatchObject({
      ok: true,
      handlerPath: '/auth',
    });
    expect(impersonationTarget('http://localhost:3001', local)).toMatchObject({
      ok: false,
      reason: 'untrusted',
    });
  });
});
