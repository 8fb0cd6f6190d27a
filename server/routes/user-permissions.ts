import type { FastifyInstance } from 'fastify';

/** A user's roles and permissions, read and granted (docs/api.md "User permissions"). Being built (issue 13). */
export async function userPermissionRoutes(_app: FastifyInstance): Promise<void> {}
