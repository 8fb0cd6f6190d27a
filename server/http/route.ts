import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import type { Endpoint } from '../../contract/common';
import type { Db } from '../db/client';
import { runIdempotent } from '../plugins/idempotency';
import { AfterCommit, completeAfterCommit } from './after-commit';
import { JsonText } from './json-text';
import type { RouteAccess } from '../plugins/rbac';
import { parseInput, rejectNulCharacters } from './validation';

export interface RouteInput<Q, B, PS> {
  query: Q;
  body: B;
  params: PS;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The database to use. For an idempotent route it is the request's transaction, which also
   * stores the answer: every query of the handler must go through it (on PGlite, a query on the
   * app's database would wait for this very transaction).
   */
  db: Db;
}

export interface RouteOptions<PS> {
  access: RouteAccess;
  /** Checks the path parameters (a 400 names the bad one). */
  params?: Struct<PS, unknown>;
  /**
   * The route accepts `Idempotency-Key` (plugins/idempotency.ts): the handler runs in one
   * transaction with the stored answer, so a replayed request is applied exactly once. For the
   * mutating routes the outbox uses.
   */
  idempotent?: boolean;
}

/**
 * Registers one endpoint of the contract: its method and pattern, its access rule, and its
 * query and body checked with the contract's structs before the handler runs. The handler's
 * answer is typed by the endpoint's response struct; it may come as JSON text (http/json-text.ts).
 */
export function defineRoute<P extends string, Q, B, R, PS = Record<string, string>>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R>,
  options: RouteOptions<PS>,
  handler: (input: RouteInput<Q, B, PS>) => Promise<R | JsonText<R> | AfterCommit<R>>,
): void {
  if (options.idempotent && (options.access === 'public' || endpoint.method === 'GET')) {
    // Keys are scoped per user, and only a mutation needs one.
    throw new Error(`Route ${endpoint.method} ${endpoint.pattern}: an idempotent route must be a mutation that needs a login`);
  }
  app.route({
    method: endpoint.method,
    url: endpoint.pattern,
    config: { access: options.access, ...(endpoint.successStatus === undefined ? {} : { successStatus: endpoint.successStatus }) },
    handler: async (request, reply) => {
      if (!options.params) rejectNulCharacters(request.params);
      const params = (options.params ? parseInput(options.params, request.params) : request.params) as PS;
      const query = (endpoint.query ? parseInput(endpoint.query, request.query ?? {}) : undefined) as Q;
      const body = (endpoint.body ? parseInput(endpoint.body, request.body) : undefined) as B;
      if (options.idempotent) {
        // The stored answer is a value: JSON text is parsed back for it.
        const answerValue = async (db: Db) => {
          const answer = await handler({ query, body, params, request, reply, db });
          return answer instanceof JsonText ? (JSON.parse(answer.text) as R) : answer;
        };
        return runIdempotent(request, reply, endpoint.successStatus ?? 200, answerValue);
      }
      const given = await handler({ query, body, params, request, reply, db: app.database.drizzle });
      const answer = given instanceof AfterCommit ? await completeAfterCommit(request, given) : given;
      if (endpoint.successStatus !== undefined) reply.code(endpoint.successStatus);
      if (answer instanceof JsonText) {
        // Fastify sends a string with a JSON content type as it is.
        reply.type('application/json; charset=utf-8');
        return answer.text;
      }
      return answer;
    },
  });
}

