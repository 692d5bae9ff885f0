/**
 * The endpoint bodies of the Svix API — `EndpointIn` (POST), `EndpointUpdate` (PUT, the whole
 * endpoint: what is left out goes back to its default) and `EndpointPatch` (PATCH, only what is
 * given) — read into the fields signet stores. Fields signet does not implement (channels, custom
 * headers) are refused when they ask for something rather than silently dropped; numbers that only
 * tune Svix's own sending (version, rate limits) are ignored.
 */
import type { EndpointFields } from '../../../services/webhooks/endpoints.js';
import { WEBHOOK_EVENT_TYPES } from '../../../services/webhooks/events.js';
import { isAcceptableSecret } from '../../../services/webhooks/secrets.js';
import { checkEndpointUrl } from '../../../services/webhooks/url-policy.js';
import { BodyReader, SVIX_NAME } from './input.js';

/** Svix's longest endpoint URL. */
const MAX_URL = 65_536;
/** Descriptions are shown in lists; a page of text is plenty. */
const MAX_DESCRIPTION = 8192;

/** How the body is read. */
export type EndpointBodyKind = 'create' | 'update' | 'patch';

/** What a body asks for: the fields to set and, on create or patch, a chosen secret. */
export interface EndpointBody {
  fields: Partial<EndpointFields>;
  secret?: string;
}

const DEFAULTS: Omit<EndpointFields, 'url'> = {
  description: '',
  disabled: false,
  filterTypes: null,
  metadata: {},
  uid: null,
};

/** Reads an endpoint body; throws the 422 naming every problem. */
export function readEndpointBody(
  body: Record<string, unknown>,
  kind: EndpointBodyKind,
  options: { productionMode: boolean },
): EndpointBody {
  const r = new BodyReader(body);
  const url = r.string('url', { max: MAX_URL });
  if (url === undefined && kind !== 'patch' && !r.has('url')) r.fail('url', 'Field required', 'missing');
  if (typeof url === 'string') {
    const problem = checkEndpointUrl(url, options);
    if (problem) r.fail('url', problem);
  }
  const description = r.string('description', { max: MAX_DESCRIPTION, nullable: kind === 'patch' });
  const disabled = r.boolean('disabled');
  const filterTypes = r.names('filterTypes', { maxItems: 100, allowed: WEBHOOK_EVENT_TYPES });
  const metadata = r.stringMap('metadata', { maxEntries: 50, maxLength: 1024 });
  const uid = r.string('uid', { max: 256, pattern: SVIX_NAME, nullable: true });
  let secret: string | null | undefined;
  if (kind !== 'update') {
    secret = r.string('secret', { max: 200, nullable: true });
    if (typeof secret === 'string' && !isAcceptableSecret(secret)) {
      r.fail('secret', 'Must be whsec_ and the base64 of 24 to 75 random bytes.');
    }
  }
  refuseUnsupported(r);
  r.done();

  const given: Partial<EndpointFields> = {};
  if (typeof url === 'string') given.url = url;
  if (description !== undefined) given.description = description ?? '';
  if (disabled !== undefined) given.disabled = disabled;
  if (filterTypes !== undefined) given.filterTypes = filterTypes;
  if (metadata !== undefined) given.metadata = metadata ?? {};
  if (uid !== undefined) given.uid = uid;
  const fields = kind === 'patch' ? given : { ...DEFAULTS, ...given };
  return secret ? { fields, secret } : { fields };
}

/** Channels and custom headers are Svix features signet does not have: asking for them is a 422. */
function refuseUnsupported(r: BodyReader): void {
  const channels = r.body.channels;
  if (channels != null && !(Array.isArray(channels) && channels.length === 0)) {
    r.fail('channels', 'Channels are not supported by this server.');
  }
  const headers = r.body.headers;
  if (headers != null && !(typeof headers === 'object' && Object.keys(headers).length === 0)) {
    r.fail('headers', 'Custom endpoint headers are not supported by this server.');
  }
}
