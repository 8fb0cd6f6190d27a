import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from '../gateways/device/device-gateway';

/** History (docs/api.md "History"): the event history, its CSV export and the events' images. */
export async function historyRoutes(_app: FastifyInstance, _options: { gateway: DeviceGateway }): Promise<void> {}
