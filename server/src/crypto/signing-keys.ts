/**
 * Per-project ES256 signing keys, derived from the server secret exactly as wire.md §3.1 describes,
 * so every process that shares the secret signs and verifies with the same keys and a token from a
 * Stack Auth backend with the same secret would verify here too.
 */
import { createECDH, createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** The signing material of one project. */
export interface ProjectSigningKey {
  /** Private key for signing access tokens. */
  privateKey: KeyObject;
  /** Public key for verifying them. */
  publicKey: KeyObject;
  /** The public key as served in the JWKS. */
  publicJwk: { kty: 'EC'; alg: 'ES256'; crv: 'P-256'; x: string; y: string; kid: string };
  /** Key id: 12 chars, also the JWT header `kid`. */
  kid: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Derives the signing key of `projectId` from the server secret. */
export function deriveProjectSigningKey(serverSecret: string, projectId: string): ProjectSigningKey {
  const perProjectSecret = b64url(sha256(Buffer.from(JSON.stringify([serverSecret, projectId]), 'utf8')));
  const d = sha256(Buffer.from(perProjectSecret, 'base64url'));
  const kid = b64url(sha256(Buffer.from(JSON.stringify([perProjectSecret, 'kid']), 'utf8'))).slice(0, 12);
  // node:crypto has no "private scalar → key" call; ECDH computes the public point for us.
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = b64url(point.subarray(1, 33));
  const y = b64url(point.subarray(33, 65));
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64url(d), x, y },
    format: 'jwk',
  });
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, kid, publicJwk: { kty: 'EC', alg: 'ES256', crv: 'P-256', x, y, kid } };
}

/** A per-instance cache of derived keys: derivation costs a few hashes and a point multiplication. */
export function createSigningKeyRing(serverSecret: string): (projectId: string) => ProjectSigningKey {
  const cache = new Map<string, ProjectSigningKey>();
  return (projectId) => {
    let key = cache.get(projectId);
    if (!key) {
      key = deriveProjectSigningKey(serverSecret, projectId);
      if (cache.size > 10_000) cache.clear(); // tokens can name any aud; keep memory bounded
      cache.set(projectId, key);
    }
    return key;
  };
}
