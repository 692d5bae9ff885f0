/**
 * The tokens of the Svix API signet serves: bound to one project, expiring after an hour, and
 * nothing else sealed with the same box (an endpoint secret, claims for another purpose) or by
 * another server's box passes for one.
 */
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../server/src/crypto/secret-box.js';
import {
  API_TOKEN_TTL_MS,
  issueApiToken,
  verifyApiToken,
} from '../../server/src/services/webhooks/api-tokens.js';
import { newEndpointSecret, sealSecret } from '../../server/src/services/webhooks/secrets.js';

const box = createSecretBox('server secret one', 'webhook endpoint secrets');
const at = Date.UTC(2026, 10, 25);
const ctx = (now: number, webhookSecrets = box) => ({ webhookSecrets, now: () => now });

describe('Svix API tokens', () => {
  it('name their project until the hour is over', () => {
    const token = issueApiToken(ctx(at), 'project-a');
    expect(token).toMatch(/^sgwh_/);
    expect(verifyApiToken(ctx(at), token)).toBe('project-a');
    expect(verifyApiToken(ctx(at + API_TOKEN_TTL_MS - 1), token)).toBe('project-a');
    expect(verifyApiToken(ctx(at + API_TOKEN_TTL_MS), token)).toBeNull();
  });

  it('are refused when made by another server, altered, or sealed for something else', () => {
    const token = issueApiToken(ctx(at), 'project-a');
    expect(
      verifyApiToken(ctx(at, createSecretBox('server secret two', 'webhook endpoint secrets')), token),
    ).toBeNull();
    expect(verifyApiToken(ctx(at, createSecretBox('server secret one', 'totp secrets')), token)).toBeNull();
    const flipped = token.slice(0, -3) + (token.at(-3) === 'A' ? 'B' : 'A') + token.slice(-2);
    expect(verifyApiToken(ctx(at), flipped)).toBeNull();
    // An endpoint secret sealed with the same box is not a token.
    expect(
      verifyApiToken(ctx(at), `sgwh_${sealSecret({ webhookSecrets: box }, newEndpointSecret())}`),
    ).toBeNull();
    // Claims without the token's purpose are not a token either.
    const claims = JSON.stringify({ project: 'project-a', exp: at + 1000 });
    expect(verifyApiToken(ctx(at), `sgwh_${box.seal(new TextEncoder().encode(claims))}`)).toBeNull();
    for (const junk of ['', 'sgwh_', 'sgwh_v1..', `sgwh_${'A'.repeat(5000)}`, token.slice(5)]) {
      expect(verifyApiToken(ctx(at), junk)).toBeNull();
    }
  });
});
