import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import type { Db } from '../../server/db/client';
import type { Backend } from './helpers';
import { waitFor } from './mc-upload-fixtures';
import { adminQuery, createDatabaseFromTemplate } from './postgres';

/** The log of runners built by hand: quiet. */
export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyInstance['log'];

/**
 * A database two apps can share: on PostgreSQL a copy of the template; on PGlite the template
 * unpacked into a directory (PGlite is one process's, so two apps use it one after the other).
 */
async function sharedDatabase(backend: Backend): Promise<{ options: AppOptions['database']; drop(): Promise<void> }> {
  if (backend === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `intercom_test_${randomBytes(6).toString('hex')}`;
    const url = await createDatabaseFromTemplate(adminUrl, inject('postgresTemplate')!, name);
    return { options: { kind: 'postgres', url, poolSize: 6 }, drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'intercom-jobs-'));
  execFileSync('tar', ['-xzf', inject('pgliteTemplatePath'), '-C', dir]);
  return { options: { kind: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

type AppOn = Omit<AppOptions, 'database'>;

/**
 * A restart on one database: `before` runs in a first app, which then closes (handing back the jobs
 * it holds), and `after` in a second app on the same data, given what `before` answered.
 */
export async function acrossRestart<T>(
  backend: Backend,
  first: { options: AppOn; run: (app: FastifyInstance) => Promise<T> },
  second: { options: AppOn; run: (app: FastifyInstance, before: T) => Promise<void> },
): Promise<void> {
  const shared = await sharedDatabase(backend);
  try {
    const before = await withApp({ ...first.options, database: shared.options }, first.run);
    await withApp({ ...second.options, database: shared.options }, (app) => second.run(app, before));
  } finally {
    await shared.drop();
  }
}

async function withApp<T>(options: AppOptions, body: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(options);
  try {
    return await body(app);
  } finally {
    await app.close();
  }
}

/**
 * Two runners on one queue in one database: on PostgreSQL two apps (two processes' worth: two
 * pools); on PGlite, which is one connection, two runners built by hand in one app. `queue` fills
 * the queue first, from an app whose runners are off; `check` looks at the database once `ended`.
 */
export async function withTwoRunners<Queued>(
  backend: Backend,
  spec: {
    queue: (db: Db) => Promise<Queued>;
    /** PostgreSQL: the options of an app that runs runner `id`. */
    app: (id: string) => AppOn;
    /** PGlite: runner `id` on `db`. */
    runner: (db: Db, id: string) => { start(): void; stop(): Promise<void> };
    ended: (db: Db, queued: Queued) => () => Promise<boolean>;
    check: (db: Db, queued: Queued) => Promise<void>;
  },
): Promise<void> {
  const shared = await sharedDatabase(backend);
  const apps: FastifyInstance[] = [];
  try {
    apps.push(await buildApp({ database: shared.options, jobs: { enabled: false }, mcUploads: { enabled: false } }));
    const queued = await spec.queue(apps[0].database.drizzle);
    const ids = ['runner-a', 'runner-b'];
    if (backend === 'postgres') {
      await apps.pop()!.close();
      for (const id of ids) apps.push(await buildApp({ ...spec.app(id), database: shared.options }));
      await waitFor('every job to end', spec.ended(apps[0].database.drizzle, queued));
    } else {
      const db = apps[0].database.drizzle;
      await runUntil(ids.map((id) => spec.runner(db, id)), 'every job to end', spec.ended(db, queued));
    }
    await spec.check(apps[0].database.drizzle, queued);
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await shared.drop();
  }
}

/** Starts the runners, waits until `probe` answers something truthy, and stops them (also when the wait fails). */
export async function runUntil<T>(
  runners: readonly { start(): void; stop(): Promise<void> }[],
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs?: number,
): Promise<T> {
  for (const runner of runners) runner.start();
  try {
    return await waitFor(what, probe, timeoutMs);
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
  }
}

/**
 * Queues jobs with `queue`, then races sixteen claims of five each from two apps' pools (two
 * processes' worth of connections) on one PostgreSQL database, and answers what each claim took.
 */
export async function raceClaims<Queued, Job>(
  queue: (db: Db) => Promise<Queued>,
  claim: (db: Db, runner: string, limit: number, leaseMs: number) => Promise<Job[]>,
): Promise<{ queued: Queued; taken: Job[][] }> {
  const shared = await sharedDatabase('postgres');
  const idle: AppOptions = { database: shared.options, jobs: { enabled: false }, mcUploads: { enabled: false } };
  const apps: FastifyInstance[] = [];
  try {
    apps.push(await buildApp(idle), await buildApp(idle));
    const queued = await queue(apps[0].database.drizzle);
    const taken = await Promise.all(Array.from({ length: 16 }, (_v, n) => claim(apps[n % 2].database.drizzle, `racer-${n}`, 5, 60_000)));
    return { queued, taken };
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await shared.drop();
  }
}
