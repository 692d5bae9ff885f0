/**
 * Requests Node refuses before the app sees them (a request line or headers over its 16 KB limit,
 * bytes that are not HTTP) get an answer that says why, instead of Node's empty 431 or 400.
 */
import type { Duplex } from 'node:stream';

/** Node's limit on the request line and headers together, in bytes. */
const HEADER_LIMIT = '16 KB';

/** Answers a request Node could not parse, then closes the connection. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const text = tooLarge
    ? `The request's URL and headers are too large (at most ${HEADER_LIMIT} together).`
    : 'The request could not be parsed as HTTP.';
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}
