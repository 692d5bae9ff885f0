/** Request body parsing by content type (wire.md §1.4). */
import { knownError, StatusError } from '../errors.js';
import { MAX_BODY_BYTES } from '../input-limits.js';
import type { MaybePromise } from './maybe-promise.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The parsed body: undefined when there is none. */
export type ParsedBody = unknown;

/**
 * Parses the body of `request` by its content type. GET requests never have a body, and a request
 * without a content type has none either: both are answered at once, with no promise. Throws
 * BODY_PARSING_ERROR for malformed JSON, bad UTF-8 or an unknown content type.
 */
export function parseBody(request: Request): MaybePromise<ParsedBody> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!contentType) return undefined;
  return readBody(request, contentType);
}

/** Reads and decodes a body whose content type is `contentType`. */
async function readBody(request: Request, contentType: string): Promise<ParsedBody> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  if (contentType === 'application/octet-stream') return bytes;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw bodyError('Request body cannot be parsed as UTF-8');
  }
  switch (contentType) {
    case 'application/json':
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text);
      } catch {
        throw bodyError('Invalid JSON in request body');
      }
    case 'application/x-www-form-urlencoded':
      try {
        return Object.fromEntries(new URLSearchParams(text));
      } catch {
        throw bodyError('Invalid form data in request body');
      }
    case 'text/plain':
      return text;
    default:
      throw bodyError(`Unknown content type in request body: ${contentType}`);
  }
}

// The body carries no details (wire.md §2.4); the message is built from them only.
const bodyError = (message: string) => knownError('BODY_PARSING_ERROR', undefined, { message });

const tooLarge = () => new StatusError(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`);
