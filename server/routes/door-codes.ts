import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from '../gateways/device/device-gateway';

/** Door codes (docs/api.md "Door codes"): a device's door-open codes and keyless access. */
export async function doorCodeRoutes(_app: FastifyInstance, _options: { gateway: DeviceGateway }): Promise<void> {}
