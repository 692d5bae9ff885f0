/**
 * A provider's profile made safe to store: providers are outside input like any request, so the
 * same limits apply (input-limits.ts) and what PostgreSQL cannot hold is dropped
 * rather than failing the sign-in.
 */
import { INPUT_LIMITS } from '../../input-limits.js';
import type { ProviderProfile } from './providers/types.js';

/** A code point PostgreSQL text cannot hold: NUL, or half of a surrogate pair standing alone. */
function unstorable(char: string): boolean {
  const code = char.charCodeAt(0);
  return code === 0 || (char.length === 1 && code >= 0xd800 && code <= 0xdfff);
}

/** `value` without what PostgreSQL cannot hold, at most `limit` code points, or null when nothing is left. */
function storable(value: string | null, limit: number): string | null {
  if (value === null) return null;
  const clean = [...value]
    .filter((char) => !unstorable(char))
    .join('')
    .trim();
  if (clean === '') return null;
  return [...clean].slice(0, limit).join('');
}

/** The profile with each field storable: an invalid email or image URL becomes null. */
export function storableProfile(profile: ProviderProfile): ProviderProfile {
  const email = storable(profile.email, INPUT_LIMITS.email);
  const image = storable(profile.profileImageUrl, INPUT_LIMITS.url);
  return {
    accountId: storable(profile.accountId, INPUT_LIMITS.name) ?? '',
    email:
      email && email.length <= INPUT_LIMITS.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
    emailVerified: profile.emailVerified,
    displayName: storable(profile.displayName, INPUT_LIMITS.name),
    profileImageUrl: image && /^https?:\/\//i.test(image) && image.length <= INPUT_LIMITS.url ? image : null,
  };
}
