/**
 * The wire shape of a contact channel (wire.md §5.7), written once: the server builds its answers
 * to it and the kit's contact-channels plugin reads them as it.
 */
import * as v from 'valibot';

/** A user's email address as the API sends it. */
export const ContactChannelSchema = v.object({
  id: v.string(),
  user_id: v.string(),
  type: v.literal('email'),
  value: v.string(),
  is_primary: v.boolean(),
  is_verified: v.boolean(),
  used_for_auth: v.boolean(),
});
/** A contact channel in wire form. */
export type ContactChannelJson = v.InferOutput<typeof ContactChannelSchema>;
