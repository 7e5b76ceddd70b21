import { errorBody } from '@km/nest-kit';
import type { ErrorCode } from '@km/contracts';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** What is wrong with a connection's bytes, by the HTTP parser's error code. */
function clientProblem(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'invalid', message: 'The request did not arrive in time. Please send it again.' };
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'payload_too_large', message: 'The request headers are too large. Send fewer or shorter headers (cookies included).' };
  return {
    status: 400,
    code: 'invalid',
    message: 'The request could not be read as HTTP/1.1. Send a valid request line and headers, and a Content-Length (or chunked encoding) with any body.',
  };
}

/**
 * fastify's `clientErrorHandler`: bytes the HTTP parser cannot read (a malformed request line or header, a body without
 * a declared length left in front of the next request, a slow or oversized head). fastify's default answers
 * `{"message":"Client Error"}` without `Connection: close` and then closes the socket, so a keep-alive client reuses a
 * connection that is already gone (its next request fails with EPIPE or ECONNRESET instead of an answer). Here the
 * answer is our error shape and says the connection closes, as Node's own handler does (RFC 9112 §9.6).
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = clientProblem(error.code);
  const body = JSON.stringify(errorBody(problem.status, problem.code, problem.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
