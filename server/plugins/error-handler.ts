import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '../../contract/common';
import { codeOfText } from '../../contract/server-text-match';
import { asCodedText, type CodedText } from '../../contract/server-texts';
import { isDatabaseUnavailable } from '../db/client';
import { ApiError, MESSAGES } from '../http/errors';
import { API_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './security-headers';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.mediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.tooLarge,
};

export const DATABASE_UNAVAILABLE_MESSAGE = 'База данных временно недоступна: повторите запрос позже';
const DATABASE_RETRY_AFTER_SECONDS = 2;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/**
 * A refusal's text with its code: its own, or (contract/server-text-match.ts) the code of a
 * sentence it is to the letter or of the one template it matches. The shared refusals («Дом не
 * найден») and those naming a value («Устройство {mac} не найдено») are written as plain text
 * where they are made and coded here, once, on their way out.
 */
export function codedRefusal(message: string | CodedText): CodedText {
  const text = asCodedText(message);
  if (text.messageCode !== undefined) return text;
  return codeOfText(text.message) ?? text;
}

/** Every failure is `{ result: false, message }` (a coded text with its code and parameters); the text of a 5xx stays in the log. */
export function sendError(reply: FastifyReply, status: number, message: string | CodedText): FastifyReply {
  const body: ErrorResponse = { result: false, ...codedRefusal(message) };
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export function notFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, MESSAGES.notFound);
}

export const errorHandlerPlugin = fp(
  async (app) => {
    // The API takes JSON only: a text/plain body is a 415 like any other type, not a string for the struct to refuse.
    app.removeContentTypeParser('text/plain');
    app.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof ApiError) {
        reply.headers(error.headers);
        return sendError(reply, error.statusCode, error.text);
      }
      if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        const message = FRAMEWORK_MESSAGES[error.code] ?? MESSAGES.badRequest;
        return sendError(reply, error.statusCode, message);
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL is down or restarting: the client retries (the outbox treats a 503 as "later").
        request.log.warn({ err: error }, 'database unavailable');
        return sendError(reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), 503, DATABASE_UNAVAILABLE_MESSAGE);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, MESSAGES.internal);
    });
  },
  { name: 'error-handler' },
);

/**
 * Fastify's router refusals (its `frameworkErrors` option), in our `{result:false, message}` shape like
 * every other refusal: a path parameter longer than `maxParamLength` is a 414, a URL with a broken
 * %-escape a 400.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, MESSAGES.paramTooLong);
  }
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, MESSAGES.badUrl);
  reply.log.error({ err: error }, 'router failed');
  return sendError(reply, 500, MESSAGES.internal);
}

/** The part of the raw request Node had read when its parser gave up. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** A request line at least this long overflowing Node's header limit (16 KiB) is "URI too long" rather than "headers too large". */
const LONG_REQUEST_LINE = 8 * 1024;

function clientRefusal(error: ClientError): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
      const lineEnd = packet.indexOf('\r\n');
      const startsRequest = /^[A-Z]+ /.test(packet);
      return startsRequest && (lineEnd === -1 || lineEnd >= LONG_REQUEST_LINE) ? [414, MESSAGES.uriTooLong] : [431, MESSAGES.headersTooLarge];
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, MESSAGES.requestTimeout];
    default:
      return [400, MESSAGES.badHttp];
  }
}

/** The headers plugins/security-headers.ts gives every other answer (but HSTS, an option of the app this handler does not see). */
const RAW_SECURITY_HEADERS = [
  'Referrer-Policy: same-origin',
  'X-Frame-Options: DENY',
  `Permissions-Policy: ${PERMISSIONS_POLICY}`,
  `Content-Security-Policy: ${API_CONTENT_SECURITY_POLICY}`,
];

/**
 * Node refuses some requests before Fastify sees them (an over-long URL or header block, a broken
 * request line …) and emits `clientError`: the answer is written on the socket, in our shape.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientRefusal(error);
  const body = JSON.stringify({ result: false, message } satisfies ErrorResponse);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      ...RAW_SECURITY_HEADERS,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
