// The two ceilings of the bench, run as a child process like the real server:
//   GET /bench/bare      a bare Fastify route (no plugins, no database);
//   GET /bench/select-1  the same, plus one `select 1` on the app's own database connection(s).
// The app is built with buildApp() (same driver, pool and migrations as server/main.ts); the
// routes live on a plain Fastify instance because buildApp() returns an app that is already ready.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { join } from 'node:path';
import { buildApp } from '../../server/app';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? './data';

const app = await buildApp({
  database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  seed: false,
  staticDir: null,
  logger: false,
});

const ceiling = Fastify({ logger: false });
ceiling.get('/bench/bare', async () => ({ result: true }));
ceiling.get('/bench/select-1', async () => {
  await app.database.drizzle.execute(sql`select 1`);
  return { result: true };
});
ceiling.addHook('onClose', async () => {
  await app.close();
});

await ceiling.listen({ port, host });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void ceiling.close().then(() => process.exit(0));
  });
}
