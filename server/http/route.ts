import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import type { Endpoint } from '../../contract/common';
import type { RouteAccess } from '../plugins/rbac';
import { parseInput } from './validation';

export interface RouteInput<Q, B, PS> {
  query: Q;
  body: B;
  params: PS;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions<PS> {
  access: RouteAccess;
  /** Checks the path parameters (a 400 names the bad one). */
  params?: Struct<PS, unknown>;
}

/**
 * Registers one endpoint of the contract: its method and pattern, its access rule, and its
 * query and body checked with the contract's structs before the handler runs. The handler's
 * answer is typed by the endpoint's response struct.
 */
export function defineRoute<P extends string, Q, B, R, PS = Record<string, string>>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R>,
  options: RouteOptions<PS>,
  handler: (input: RouteInput<Q, B, PS>) => Promise<R>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.pattern,
    config: { access: options.access },
    handler: async (request, reply) => {
      const params = (options.params ? parseInput(options.params, request.params) : request.params) as PS;
      const query = (endpoint.query ? parseInput(endpoint.query, request.query ?? {}) : undefined) as Q;
      const body = (endpoint.body ? parseInput(endpoint.body, request.body) : undefined) as B;
      const answer = await handler({ query, body, params, request, reply });
      if (endpoint.successStatus !== undefined) reply.code(endpoint.successStatus);
      return answer;
    },
  });
}
