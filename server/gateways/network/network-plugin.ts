import fp from 'fastify-plugin';
import { listPortAddresses } from '../../repositories/device-wizard';
import type { NetworkGateway } from './network-gateway';
import { NetworkSimulator, PORTS_PER_STATION, SIMULATED_STATIONS } from './simulator';

export interface NetworkOptions {
  /** Seed of the simulator (devices, cables, errors, timings, failures). */
  seed?: number;
  /** Share (0..1) of port jobs, DDNS set-ups and preset uploads that fail; default 0.1. */
  failureShare?: number;
  /** Multiplies the simulated durations (a port job takes 1.3–3.3 s at 1). */
  timeScale?: number;
  /** Another driver (tests); the simulator by default. */
  gateway?: NetworkGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The network equipment behind the adjuster calls. */
    network: NetworkGateway;
  }
}

export const networkPlugin = fp(
  async (app, options: NetworkOptions) => {
    let gateway = options.gateway;
    if (!gateway) {
      // Read now: a lazy read during a request would run beside the request's transaction, which
      // on PGlite (one connection) waits for that very transaction.
      const book = await listPortAddresses(app.database.drizzle, SIMULATED_STATIONS.length * PORTS_PER_STATION);
      gateway = new NetworkSimulator({ seed: options.seed, failureShare: options.failureShare, timeScale: options.timeScale, addressBook: async () => book });
    }
    app.decorate('network', gateway);
  },
  { name: 'network', dependencies: ['database'] },
);
