/**
 * The admin console at `/console`: its built files (`console-dist/`, made by the server's build
 * from `console/`), `config.json` with the internal project's public facts, and `index.html` for
 * every page path so deep links work. Console responses carry no API or CORS headers: they are a
 * same-origin web page, with a content security policy that lets it talk only to this server.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newResponse } from './answer-class.js';

/** The path the console is served under. */
export const CONSOLE_PATH = '/console';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/** What `config.json` tells the console. */
export interface ConsoleConfigJson {
  projectId: string;
  publishableClientKey?: string;
}

/** The folder a build of the console is in: beside `dist/` in the package, or `server/console-dist`. */
export function defaultConsoleDir(): string {
  // From server/src/http (sources) or server/dist (the bundle), console-dist is in server/.
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes(`${sep}src${sep}http`)
    ? join(here, '..', '..', 'console-dist')
    : join(here, '..', 'console-dist');
}

/** Whether `pathname` belongs to the console. */
export const isConsolePath = (pathname: string) =>
  pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);

/** Answers console requests from `dir`, with `config` as `config.json`. */
export function createConsoleHandler(options: { dir: string; config: () => ConsoleConfigJson }) {
  const root = normalize(options.dir + sep);
  const respond = (status: number, body: BodyInit | null, type: string, cache: string, head: boolean) =>
    newResponse(head ? null : body, {
      status,
      headers: { 'content-type': type, 'cache-control': cache, ...PAGE_HEADERS },
    });

  return async (request: Request, pathname: string): Promise<Response> => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head)
      return respond(405, 'Method not allowed', TYPES['.txt']!, 'no-store', false);
    if (pathname === CONSOLE_PATH) {
      return newResponse(null, { status: 308, headers: { location: `${CONSOLE_PATH}/`, ...PAGE_HEADERS } });
    }
    const inside = pathname.slice(CONSOLE_PATH.length + 1);
    if (inside === 'config.json')
      return respond(200, JSON.stringify(options.config()), TYPES['.json']!, 'no-store', head);

    let relative: string;
    try {
      relative = decodeURIComponent(inside);
    } catch {
      return respond(400, 'Bad path', TYPES['.txt']!, 'no-store', head);
    }
    const file = normalize(join(root, relative));
    if (relative.includes('\0') || !file.startsWith(root))
      return respond(404, 'Not found', TYPES['.txt']!, 'no-store', head);

    const type = TYPES[extname(relative)];
    if (relative !== '' && type) {
      const body = await readIfFile(file);
      if (!body) return respond(404, 'Not found', TYPES['.txt']!, 'no-store', head);
      // Built assets are named by their content: cache them for good.
      const cache = relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return respond(200, body, type, cache, head);
    }
    // A page path (no file extension): the app's shell, which routes on the client.
    const index = await readIfFile(join(root, 'index.html'));
    if (!index)
      return respond(
        503,
        '<!doctype html><title>signet console</title><p>The console is not built. Run <code>npm run build -w server</code> (or <code>npm start</code>, which builds it).</p>',
        TYPES['.html']!,
        'no-store',
        head,
      );
    return respond(200, index, TYPES['.html']!, 'no-cache', head);
  };
}

async function readIfFile(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    const bytes = await readFile(path);
    return new Uint8Array(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    ) as Uint8Array<ArrayBuffer>;
  } catch {
    return null;
  }
}
