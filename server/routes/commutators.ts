import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from '../gateways/device/device-gateway';

/** Commutators (docs/api.md "Commutators"): the matrix, its reading from the device and the line-level check. */
export async function commutatorRoutes(_app: FastifyInstance, _options: { gateway: DeviceGateway }): Promise<void> {}
