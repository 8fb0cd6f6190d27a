import { resolve } from 'node:path';
import { buildApp } from './app';
import { startEventTrickle } from './gateways/device/event-trickle';
import { deviceGatewayFromEnv, gatewayKindFromEnv } from './gateways/device/panels/gateway-from-env';
import { SyslogReceiver } from './syslog/syslog-receiver';
import { syslogTargetFromEnv } from './syslog/syslog-targets';
import type { DatabaseOptions } from './db/client';
import { addExtraHouses } from './seed/extra-houses';
import { isSeedSize, type SeedSize } from './seed/sizes';
import { cookieSecureFromEnv, trustProxyFromEnv } from './proxy-env';

function seedFromEnv(value: string | undefined): SeedSize | false {
  if (value === undefined || value === '') return 'demo';
  if (value === 'none' || value === 'false') return false;
  if (!isSeedSize(value)) throw new Error(`SEED must be small, demo, large or none (got "${value}")`);
  return value;
}

/** A number from the environment; undefined when unset, an error when not a number. */
function numberFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`${name} must be a number (got "${value}")`);
  return number;
}

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const dataDir = resolve(env.DATA_DIR ?? './data');
const database: DatabaseOptions = env.DATABASE_URL
  ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined }
  : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') };

// Panels point their syslog at SYSLOG_PUBLIC_ADDRESS: only with real panels, and only where background jobs run.
const syslogTarget = syslogTargetFromEnv(env);
const pointsSyslog = syslogTarget !== null && gatewayKindFromEnv(env.DEVICE_GATEWAY) === 'drivers' && env.JOBS_ENABLED !== 'false';

const started = performance.now();
const app = await buildApp({
  database,
  seed: seedFromEnv(env.SEED),
  staticDir: resolve(env.STATIC_DIR ?? './dist'),
  logger: { level: env.LOG_LEVEL ?? 'info' },
  trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
  session: { secureCookies: cookieSecureFromEnv(env.COOKIE_SECURE) },
  hstsMaxAgeSeconds: numberFromEnv('HSTS_MAX_AGE'),
  deviceSecretKey: env.DEVICE_SECRET_KEY,
  network: { seed: numberFromEnv('NETWORK_SEED'), failureShare: numberFromEnv('NETWORK_FAILURE_SHARE'), timeScale: numberFromEnv('NETWORK_TIME_SCALE') },
  deviceGateway: deviceGatewayFromEnv(env, {
    failureShare: numberFromEnv('DEVICE_FAILURE_SHARE'),
    halfApplyShare: numberFromEnv('DEVICE_HALF_APPLY_SHARE'),
    timeoutMs: numberFromEnv('DEVICE_TIMEOUT_MS'),
    scanMs: numberFromEnv('DEVICE_SCAN_MS'),
    uploadMs: numberFromEnv('DEVICE_UPLOAD_MS'),
    commutatorReadMs: numberFromEnv('DEVICE_COMMUTATOR_READ_MS'),
    lineLevelMs: numberFromEnv('DEVICE_LINE_LEVEL_MS'),
  }),
  deviceCountTtlMs: numberFromEnv('DEVICE_COUNT_TTL_MS'),
  syslogTargets: pointsSyslog ? { target: syslogTarget, pollMs: numberFromEnv('SYSLOG_TARGET_POLL_MS') } : undefined,
  deviceSync: { enabled: env.JOBS_ENABLED !== 'false', pollMs: numberFromEnv('DEVICE_SYNC_POLL_MS'), retryBaseMs: numberFromEnv('DEVICE_SYNC_RETRY_MS'), concurrency: numberFromEnv('DEVICE_SYNC_CONCURRENCY') },
  jobs: {
    enabled: env.JOBS_ENABLED !== 'false',
    pollMs: numberFromEnv('JOBS_POLL_MS'),
    leaseMs: numberFromEnv('JOBS_LEASE_MS'),
    concurrency: numberFromEnv('JOBS_CONCURRENCY'),
  },
  imports: {
    enabled: env.JOBS_ENABLED !== 'false',
    pollMs: numberFromEnv('JOBS_POLL_MS'),
    leaseMs: numberFromEnv('JOBS_LEASE_MS'),
  },
  mcUploads: {
    enabled: env.JOBS_ENABLED !== 'false',
    pollMs: numberFromEnv('JOBS_POLL_MS'),
    leaseMs: numberFromEnv('JOBS_LEASE_MS'),
    concurrency: numberFromEnv('MC_UPLOAD_CONCURRENCY'),
    // The periodic uploads by nextExecute / interval: looked for every minute unless set (0: never).
    scheduleMs: numberFromEnv('MC_SCHEDULE_MS') ?? 60_000,
  },
});
const extraHouses = numberFromEnv('SEED_EXTRA_HOUSES');
if (extraHouses) {
  const added = await addExtraHouses(app.database.drizzle, extraHouses);
  if (added > 0) app.log.info(`SEED_EXTRA_HOUSES: added ${added} houses`);
}
await app.listen({ port, host });
// The simulator's live history: a few events a minute (EVENT_TRICKLE_PER_MINUTE, 0: none), a background job like the others.
// Real panels write their own history (syslog): the simulated trickle runs only with the simulator.
const simulatedEvents = env.JOBS_ENABLED !== 'false' && gatewayKindFromEnv(env.DEVICE_GATEWAY) === 'simulator';
const eventTrickle = startEventTrickle(app.database.drizzle, { perMinute: simulatedEvents ? (numberFromEnv('EVENT_TRICKLE_PER_MINUTE') ?? 6) : 0 }, app.log);
// Panels' own log (SYSLOG_PORT, UDP; off when unset) becomes their history.
const syslogPort = numberFromEnv('SYSLOG_PORT');
const syslog = syslogPort === undefined ? null : new SyslogReceiver(app.database.drizzle, { port: syslogPort, host: env.SYSLOG_HOST }, app.log);
if (syslog) app.log.info(`syslog: listening on udp ${env.SYSLOG_HOST ?? '127.0.0.1'}:${await syslog.start()}`);
if (syslogTarget && !pointsSyslog) app.log.info('SYSLOG_PUBLIC_ADDRESS: not used (only with DEVICE_GATEWAY=drivers, in a process with background jobs)');
app.log.info(
  `Ready in ${Math.round(performance.now() - started)} ms: http://${host}:${port} (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`})`,
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    // A second signal: stop waiting for open requests.
    process.exit(1);
  }
  closing = true;
  await eventTrickle.stop();
  await syslog?.stop();
  app.log.info(`${signal}: closing`);
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
