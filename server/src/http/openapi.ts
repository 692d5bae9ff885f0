/**
 * The OpenAPI 3.0 document of the API, generated from the route declarations (path, access types,
 * query, bodies per access type, response): what the routes accept and answer is written once, in
 * valibot, and this document, the pipeline's validation and the response checks all read it.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { type RouteSpec, TEXT_RESPONSE } from './route.js';

type JsonSchema = ReturnType<typeof toJsonSchema>;

// Checks (`v.check`) and transforms have no JSON Schema form; the types around them still do.
const convert = (schema: v.GenericSchema): JsonSchema =>
  toJsonSchema(schema, { target: 'openapi-3.0', errorMode: 'ignore' });

/** The body of every known error (wire.md §2.1). */
const KNOWN_ERROR = {
  type: 'object',
  required: ['code', 'error'],
  properties: { code: { type: 'string' }, error: { type: 'string' }, details: { type: 'object' } },
};

const ACCESS_HEADERS: Record<string, string> = {
  client: 'x-stack-publishable-client-key',
  server: 'x-stack-secret-server-key',
  admin: 'x-stack-super-secret-admin-key (or x-stack-admin-access-token)',
};

function operation(spec: RouteSpec) {
  const pathParams = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = spec.query
    ? (convert(spec.query) as { properties?: Record<string, unknown>; required?: string[] })
    : {};
  const queryParams = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  const bodies = spec.bodyByAccess
    ? [...new Set(Object.values(spec.bodyByAccess))].map((schema) => convert(schema!))
    : spec.body
      ? [convert(spec.body)]
      : [];
  const status = String(spec.status ?? 200);
  const success =
    spec.response === 'text'
      ? { description: 'Plain text', content: { 'text/plain': { schema: convert(TEXT_RESPONSE) } } }
      : { description: 'Success', content: { 'application/json': { schema: convert(spec.response) } } };
  const access = Array.isArray(spec.access) ? spec.access : [];
  return {
    summary: spec.summary,
    description:
      access.length > 0
        ? `Access: ${access.join(', ')} (x-stack-access-type with ${access.map((a) => ACCESS_HEADERS[a]).join('; ')}).`
        : spec.access === 'optional'
          ? 'Access: anonymous, or any access type.'
          : 'No X-Stack authentication.',
    'x-stack-access-types': access,
    parameters: [...pathParams, ...queryParams],
    ...(bodies.length > 0
      ? {
          requestBody: {
            required: !spec.bodyByAccess && spec.body?.type !== 'optional',
            content: { 'application/json': { schema: bodies.length === 1 ? bodies[0] : { oneOf: bodies } } },
          },
        }
      : {}),
    responses: {
      [status]: success,
      default: {
        description: 'A known error (JSON, X-Stack-Known-Error header) or a plain-text error (wire.md §2)',
        content: {
          'application/json': { schema: KNOWN_ERROR },
          'text/plain': { schema: { type: 'string' } },
        },
      },
    },
  };
}

/** The OpenAPI document for `routes`, served under `/api/v1` and `/api/latest`. */
export function openApiDocument(routes: readonly RouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = `/api/v1${spec.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path]![spec.method.toLowerCase()] = operation(spec);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'signet-server API (Stack Auth API v1)',
      version,
      description: 'Sign-in, users, sessions, contact channels and project administration.',
    },
    paths,
  };
}
