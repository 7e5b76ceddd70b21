import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** One request header as a string (the first, if sent more than once). */
export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path without its query string, normalised (ADR 0027: escapes of unreserved characters decoded, others kept). */
export const pathOf = (req: FastifyRequest): string => req.url.split('?')[0];

/**
 * Takes the response over from fastify to write it by hand (a file streamed with its byte count, a CSV page by
 * page): sends the status and every header set so far on the reply, and returns the raw response. Call it only once
 * nothing can fail any more with a proper status: after it, an error can only cut the connection.
 */
export function takeOver(reply: FastifyReply, statusCode: number): ServerResponse {
  reply.hijack();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  reply.raw.writeHead(statusCode, headers);
  return reply.raw;
}
