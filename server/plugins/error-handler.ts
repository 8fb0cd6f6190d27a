import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '../../contract/common';
import { ApiError, MESSAGES } from '../http/errors';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.mediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.tooLarge,
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/** Every failure is `{ result: false, message }`; the text of a 5xx stays in the log. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorResponse = { result: false, message };
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export function notFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, MESSAGES.notFound);
}

export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof ApiError) {
        reply.headers(error.headers);
        return sendError(reply, error.statusCode, error.message);
      }
      if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        const message = FRAMEWORK_MESSAGES[error.code] ?? MESSAGES.badRequest;
        return sendError(reply, error.statusCode, message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, MESSAGES.internal);
    });
  },
  { name: 'error-handler' },
);
