/**
 * Webhook signatures: the Standard Webhooks test vector (published with the spec and Svix's
 * libraries), one signature per live secret, and the headers every attempt carries.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookHeaders } from '../../server/src/services/webhooks/signature.js';

const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signatures', () => {
  it('match the Standard Webhooks test vector, with or without the whsec_ prefix', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    expect(signWebhook(VECTOR.secret.slice(6), VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(
      VECTOR.signature,
    );
  });

  it('carry one signature per live secret; each secret alone verifies with an independent library', () => {
    const other = 'whsec_c2Vjb25kIHNlY3JldCBvZiAyNCBieXRlcyEh';
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([VECTOR.secret, other], VECTOR.id, now, VECTOR.body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [VECTOR.secret, other]) {
      expect(new Webhook(secret).verify(VECTOR.body, headers)).toEqual(JSON.parse(VECTOR.body));
    }
    expect(() =>
      new Webhook('whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBlbmRwb2ludA==').verify(VECTOR.body, headers),
    ).toThrow();
  });

  it('send the webhook-* and svix-* headers with the same values, JSON, and a signet user agent', () => {
    const headers = webhookHeaders([VECTOR.secret], VECTOR.id, VECTOR.timestamp, VECTOR.body);
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
      'svix-id': VECTOR.id,
      'svix-timestamp': '1614265330',
      'svix-signature': VECTOR.signature,
    });
    expect(headers['user-agent']).toMatch(/^signet/);
  });
});
