/**
 * HTTP requests written byte for byte on a raw socket, so that no client tidies them first (a
 * fetch resolves dot segments and refuses bytes a server must be seen to refuse).
 */
import { connect } from 'node:net';

/** What came back: the status, the header block as written, and the body. */
export interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `lines` (the request line and header lines; a host header, `connection: close` and, with
 * a body, its length are added) to the server at `url` and reads the whole answer (the head as
 * Latin-1, the body as UTF-8). `localAddress` picks the loopback address the request comes from;
 * `host` is the host header's value (default the URL's host and port; null sends none).
 */
export function rawRequest(
  url: string,
  lines: string[],
  { body, localAddress, host }: { body?: string; localAddress?: string; host?: string | null } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const hostHeader = host === undefined ? `${hostname}:${port}` : host;
  const added = [...(hostHeader === null ? [] : [`host: ${hostHeader}`]), 'connection: close'];
  if (body !== undefined) added.push(`content-length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () => {
      socket.write(`${[...lines, ...added].join('\r\n')}\r\n\r\n${body ?? ''}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.subarray(0, split).toString('latin1');
      resolve({ status: Number(head.slice(9, 12)), head, body: answer.subarray(split + 4).toString('utf8') });
    });
  });
}
