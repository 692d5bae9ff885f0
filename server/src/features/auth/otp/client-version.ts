/**
 * The SDK a request says it comes from, read from `X-Stack-Client-Version` as the reference reads it
 * (wire.md §1.2): `<platform> <@scope/name>@<dotted digits>`; other values are ignored.
 */
import { HEADER } from '../../../../../wire/headers.js';

const CLIENT_VERSION = /^(\w+)\s+(@[\w/]+)@([\d.]+)$/;
/** A strict semver without prerelease or build (what the header's dotted digits can be). */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * True for `@stackframe/stack` at or below 2.5.37, whose sign-in pages could not take a typed code:
 * the reference sends those the legacy sign-in email (send-sign-in-code/route.tsx).
 */
export function isLegacySignInClient(request: Request): boolean {
  const match = CLIENT_VERSION.exec(request.headers.get(HEADER.clientVersion) ?? '');
  if (match?.[2] !== '@stackframe/stack') return false;
  const version = match[3]!;
  const parts = version.length <= 256 ? SEMVER.exec(version)?.slice(1).map(Number) : undefined;
  if (!parts || parts.some((n) => !Number.isSafeInteger(n))) return false;
  const [major, minor, patch] = parts as [number, number, number];
  return major !== 2 ? major < 2 : minor !== 5 ? minor < 5 : patch <= 37;
}
