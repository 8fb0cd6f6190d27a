import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from '../gateways/device/device-gateway';

/** Keys (docs/api.md "Keys"). */
export async function keyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  void app;
  void options;
}
