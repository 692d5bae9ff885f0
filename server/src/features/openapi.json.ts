/** `GET /openapi.json`: the API's OpenAPI document, generated from the routes. */
import * as v from 'valibot';
import { openApiDocument } from '../http/openapi.js';
import { defineRoute, type RouteSpec } from '../http/route.js';

/** The route serving the document of `routes()` (a getter: the list includes this route). */
export function openApiRoute(routes: () => readonly RouteSpec[], version: string): RouteSpec {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return defineRoute({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This API as an OpenAPI 3.0 document',
    response: v.object({
      openapi: v.string(),
      info: v.record(v.string(), v.unknown()),
      paths: v.record(v.string(), v.unknown()),
    }),
    access: 'none',
    async handler({ json }) {
      // Built on first request, then kept: the routes do not change while the server runs.
      document ??= openApiDocument(routes(), version);
      return json(document);
    },
  });
}
