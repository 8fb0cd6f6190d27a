import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database: `drizzle` for queries; closed by `app.close()`. */
    database: Database;
  }
}

/** How long `close()` waits for requests still using the database. */
const DRAIN_TIMEOUT_MS = 10_000;

export const databasePlugin = fp(
  async (app, options: { database: Database }) => {
    app.decorate('database', options.database);

    // A client that hangs up does not stop its handler, so the server may stop listening while
    // handlers still wait for the database. Closing waits for them (every reply passes onSend).
    const active = new Set<FastifyRequest>();
    let drained: (() => void) | null = null;
    app.addHook('onRequest', (request, _reply, done) => {
      active.add(request);
      done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (active.delete(request) && active.size === 0) drained?.();
      done(null, payload);
    });

    app.addHook('onClose', async () => {
      if (active.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => {
            drained = resolve;
          }),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      await options.database.close();
    });
  },
  { name: 'database' },
);
