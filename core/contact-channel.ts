/** A user's email address in the kit's shape (product-spec §3), shared by the client and server plugins. */
import type { ContactChannelJson } from '../wire/contact-channel.js';

/** One email address of a user. */
export interface ContactChannel {
  id: string;
  type: 'email';
  value: string;
  usedForAuth: boolean;
  isVerified: boolean;
  isPrimary: boolean;
}

/** Maps the wire's contact channel to the kit's. */
export function contactChannelFromJson(c: ContactChannelJson): ContactChannel {
  return {
    id: c.id,
    type: c.type,
    value: c.value,
    usedForAuth: c.used_for_auth,
    isVerified: c.is_verified,
    isPrimary: c.is_primary,
  };
}
