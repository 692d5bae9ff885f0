/** Wire shapes of project API keys (wire.md §5.9). */
import * as v from 'valibot';

const lastFour = v.optional(v.object({ last_four: v.string() }));

const scalars = {
  id: v.string(),
  description: v.string(),
  created_at_millis: v.number(),
  expires_at_millis: v.number(),
  manually_revoked_at_millis: v.optional(v.number()),
};

/** A key set as listed, read and updated: each key only by its last four characters. */
export const ApiKeySchema = v.object({
  ...scalars,
  publishable_client_key: lastFour,
  secret_server_key: lastFour,
  super_secret_admin_key: lastFour,
});
/** A listed key set, in wire form. */
export type ApiKeyJson = v.InferOutput<typeof ApiKeySchema>;

/** A key set as created: the only time the full keys are shown. */
export const CreatedApiKeySchema = v.object({
  ...scalars,
  publishable_client_key: v.optional(v.string()),
  secret_server_key: v.optional(v.string()),
  super_secret_admin_key: v.optional(v.string()),
});
/** A newly created key set, in wire form. */
export type CreatedApiKeyJson = v.InferOutput<typeof CreatedApiKeySchema>;

/** Body of `POST /internal/api-keys`. */
export interface ApiKeyCreateJson {
  description: string;
  expires_at_millis: number;
  has_publishable_client_key: boolean;
  has_secret_server_key: boolean;
  has_super_secret_admin_key: boolean;
}
