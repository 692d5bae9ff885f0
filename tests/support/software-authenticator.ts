/**
 * A WebAuthn authenticator in software, for tests: it makes real ES256 key pairs, real attestation
 * objects (format "none") and real signatures over the authenticator data and the client data,
 * with a signature counter the test controls (to play a cloned authenticator). It plays the
 * browser's part too: the client data names the origin and challenge it is told. Written from the
 * WebAuthn Level 2 specification (§6.1 authenticator data, §6.5.4 attestation object); nothing of
 * the server's verification code is used.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** The CBOR (RFC 8949) of the few kinds of value WebAuthn structures use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** One credential the authenticator holds. */
export interface SoftwareCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  /** The signature counter the next assertion will carry (then incremented). */
  counter: number;
}

/** Where a ceremony runs, as the browser would report it. */
export interface CeremonyPlace {
  /** The page's origin, e.g. `http://localhost:5173`. */
  origin: string;
  /** The RP id the authenticator uses; by default the origin's hostname. */
  rpId?: string;
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** A software authenticator holding credentials across ceremonies. */
export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  /** `navigator.credentials.create` for `options` (PublicKeyCredentialCreationOptionsJSON). */
  create(options: { challenge: string; user: { id: string } }, place: CeremonyPlace) {
    const rpId = place.rpId ?? new URL(place.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(32);
    const credential: SoftwareCredential = {
      id,
      privateKey,
      publicKey,
      userHandle: options.user.id,
      rpId,
      counter: 1,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)]);
    const authData = authenticatorData(rpId, UP | UV | AT, 0, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, place.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * `navigator.credentials.get` for `options` (PublicKeyCredentialRequestOptionsJSON) with
   * `credential` (the last made, by default); the counter it signs is the credential's, then
   * incremented.
   */
  get(
    options: { challenge: string },
    place: CeremonyPlace,
    credential: SoftwareCredential | undefined = this.credentials.at(-1),
  ) {
    if (!credential) throw new Error('the software authenticator holds no credential');
    const rpId = place.rpId ?? credential.rpId;
    const authData = authenticatorData(rpId, UP | UV, credential.counter);
    credential.counter += 1;
    const client = clientData('webauthn.get', options.challenge, place.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(client)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(client),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
