import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from '../gateways/device/device-gateway';

/** Flats: the flat card's calls (docs/api.md "Flats"). */
export async function flatRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  void app;
  void options;
}
