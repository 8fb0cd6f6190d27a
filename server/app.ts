import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { createPgliteDataDir, isPgliteDataDir, prepareDatabase } from './db/bootstrap';
import { openDatabase, type DatabaseOptions } from './db/client';
import { networkPlugin, type NetworkOptions } from './gateways/network/network-plugin';
import { mcUploadPlugin, type McUploadOptions } from './jobs/mc-upload-plugin';
import { portJobsPlugin, type JobsOptions } from './jobs/port-jobs-plugin';
import { auditPlugin, type AuditOptions } from './plugins/audit';
import { csrfPlugin } from './plugins/csrf';
import { databasePlugin } from './plugins/database';
import { MAX_PATH_PARAM_LENGTH } from './http/errors';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { idempotencyPlugin, type IdempotencyOptions } from './plugins/idempotency';
import { rbacPlugin } from './plugins/rbac';
import { securityHeadersPlugin } from './plugins/security-headers';
import { DEFAULT_SESSION_OPTIONS, sessionPlugin, type SessionOptions } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { parseDeviceSecretKey, setDeviceSecretKey, warnOnceWithoutKey } from './security/device-secrets';
import type { LoginRateLimit } from './repositories/login-attempts';
import { adjusterRoutes } from './routes/adjuster';
import { auditRoutes } from './routes/audit';
import { deviceRoutes } from './routes/devices';
import type { DeviceGatewayOption } from './gateways/device/device-gateway';
import { DriverGateway } from './gateways/device/panels/driver-gateway';
import { createDeviceGateway } from './gateways/device/simulator';
import { SyslogTargets, type SyslogTargetsOptions } from './syslog/syslog-targets';
import { dictionaryRoutes } from './routes/dictionaries';
import { groupRoutes } from './routes/groups';
import { houseRoutes } from './routes/houses';
import { accessCatalogueRoutes } from './routes/access-catalogue';
import { entranceRoutes } from './routes/entrances';
import { flatBlockRoutes } from './routes/flat-blocks';
import { flatRoutes } from './routes/flats';
import { keyRoutes } from './routes/keys';
import { commutatorRoutes } from './routes/commutators';
import { doorCodeRoutes } from './routes/door-codes';
import { fieldRoutes } from './routes/field';
import { dialingRoutes } from './routes/dialings';
import { historyRoutes, type HistoryRouteOptions } from './routes/history';
import { importRoutes, type ImportRoutesOptions } from './routes/imports';
import { powerRoutes } from './routes/power';
import { managementCompanyRoutes } from './routes/management-companies';
import { sessionRoutes } from './routes/session';
import { userOptionRoutes } from './routes/user-options';
import { userRoutes } from './routes/users';
import { userPermissionRoutes } from './routes/user-permissions';
import { buyerRoutes } from './routes/buyers';
import { wizardRoutes } from './routes/wizard';
import { deviceSyncPlugin } from './jobs/device-sync-plugin';
import type { DeviceSyncOptions } from './jobs/device-sync-runner';
import { deviceSyncRoutes } from './routes/device-sync';
import type { SeedSize } from './seed/sizes';

export interface AppOptions {
  database: DatabaseOptions;
  /** Seed applied when the database holds no data yet; false never seeds. Default false. */
  seed?: SeedSize | false;
  /** The built app (dist/) served with an SPA fallback; null serves the API only. */
  staticDir?: string | null;
  /** Fastify's logger: true logs at info (each request), or give the level. */
  logger?: boolean | { level: string };
  loginRateLimit?: Partial<LoginRateLimit>;
  session?: Partial<SessionOptions>;
  /** Behind a load balancer: trust X-Forwarded-For / -Proto (Fastify's `trustProxy`). */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
  /** Behind TLS: Strict-Transport-Security max-age in seconds on every answer (HSTS_MAX_AGE); unset sends none. */
  hstsMaxAgeSeconds?: number;
  idempotency?: IdempotencyOptions;
  /** The audit trail's retention (AUDIT_RETENTION_DAYS) and how often old records are pruned. */
  audit?: AuditOptions;
  /** The intercom hardware (the simulator's failure share, delays …, or a driver); device-list totals reuse (ms). */
  deviceGateway?: DeviceGatewayOption;
  deviceCountTtlMs?: number;
  /** The network equipment of the adjuster calls (the seeded simulator by default). */
  network?: NetworkOptions;
  /** The port-job runner of this process (on by default). */
  jobs?: JobsOptions;
  /** The management companies' upload runner of this process (on by default). */
  mcUploads?: McUploadOptions;
  /** The import-job runner of this process (on by default). */
  imports?: ImportRoutesOptions;
  /** The sender of changes owed to devices (docs/api.md "Device sync"; on by default). */
  deviceSync?: DeviceSyncOptions;
  /** The event history's export limit and count reuse (tests shorten the export). */
  history?: Omit<HistoryRouteOptions, 'gateway'>;
  /**
   * Routes registered after the app's own, under the same hooks (session, RBAC, CSRF). The bench
   * measures a floor this way (tests/bench/list-floor-server.ts); the product registers none.
   */
  extraRoutes?: (app: FastifyInstance) => void;
  /**
   * DEVICE_SECRET_KEY: the key device passwords are sealed with at rest (64 hex digits or base64
   * of 32 bytes); unset stores them in clear, with a warning at start. A malformed key stops the start.
   */
  deviceSecretKey?: string;
  /**
   * With the drivers (DEVICE_GATEWAY=drivers): point each panel's syslog at this server
   * (SYSLOG_PUBLIC_ADDRESS); unset leaves the panels' syslog as it is.
   */
  syslogTargets?: SyslogTargetsOptions;
  /** Called for every route as it registers (tests/server/access.test.ts checks each has its rules). */
  onRoute?: onRouteHookHandler;
}

/**
 * Opens the database, applies the migrations (and the seed on an empty database), and returns
 * a ready Fastify instance. `app.close()` closes the database too.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const seed = options.seed ?? false;
  setDeviceSecretKey(parseDeviceSecretKey(options.deviceSecretKey));
  if (options.database.kind === 'pglite' && options.database.dataDir && !isPgliteDataDir(options.database.dataDir)) {
    await createPgliteDataDir(options.database.dataDir, seed);
  }
  const database = await openDatabase(options.database);
  try {
    await prepareDatabase(database, seed);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // A stopping process (SIGTERM) serves what reached it before it stopped listening, a request on
    // a connection already open among them: behind a balancer a 503 there would fail a request of a
    // rolling restart (tests/server/balancer.test.ts). The database closes after the last answer.
    return503OnClosing: false,
    // Refusals outside the routes, in the API's shape (docs/api.md "Errors").
    frameworkErrors,
    clientErrorHandler,
  });
  warnOnceWithoutKey((message) => app.log.warn(message));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  try {
    await app.register(errorHandlerPlugin);
    await app.register(databasePlugin, { database });
    await app.register(sessionPlugin, { ...DEFAULT_SESSION_OPTIONS, ...options.session });
    await app.register(rbacPlugin);
    await app.register(csrfPlugin);
    await app.register(idempotencyPlugin, options.idempotency ?? {});
    await app.register(auditPlugin, options.audit ?? {});
    await app.register(spaPlugin, { staticDir: options.staticDir ?? null });
    await app.register(networkPlugin, options.network ?? {});
    await app.register(portJobsPlugin, options.jobs ?? {});

    await app.register(securityHeadersPlugin, { hstsMaxAgeSeconds: options.hstsMaxAgeSeconds });

    const deviceGateway = createDeviceGateway(options.deviceGateway);
    app.addHook('onClose', () => deviceGateway.close());
    if (options.syslogTargets && deviceGateway instanceof DriverGateway) {
      const targets = new SyslogTargets(database.drizzle, deviceGateway, options.syslogTargets, app.log);
      app.addHook('onReady', async () => targets.start());
      app.addHook('onClose', () => targets.stop());
    }
    await app.register(mcUploadPlugin, { ...options.mcUploads, gateway: deviceGateway });
    await app.register(deviceSyncPlugin, { ...options.deviceSync, gateway: deviceGateway });
    await app.register(sessionRoutes, { loginRateLimit: options.loginRateLimit });
    await app.register(userRoutes);
    await app.register(userPermissionRoutes);
    await app.register(buyerRoutes);
    await app.register(userOptionRoutes);
    await app.register(houseRoutes);
    await app.register(entranceRoutes);
    await app.register(flatRoutes, { gateway: deviceGateway });
    await app.register(flatBlockRoutes);
    await app.register(accessCatalogueRoutes);
    await app.register(keyRoutes, { gateway: deviceGateway });
    await app.register(commutatorRoutes, { gateway: deviceGateway });
    await app.register(doorCodeRoutes, { gateway: deviceGateway });
    await app.register(deviceSyncRoutes, { gateway: deviceGateway });
    await app.register(dialingRoutes);
    await app.register(historyRoutes, { gateway: deviceGateway, ...options.history });
    await app.register(powerRoutes, { gateway: deviceGateway });
    await app.register(groupRoutes);
    await app.register(managementCompanyRoutes);
    await app.register(dictionaryRoutes);
    await app.register(deviceRoutes, { gateway: deviceGateway, countTtlMs: options.deviceCountTtlMs });
    await app.register(wizardRoutes, { writeWholeOnSetUp: deviceGateway instanceof DriverGateway });
    await app.register(adjusterRoutes);
    await app.register(importRoutes, options.imports ?? {});
    await app.register(auditRoutes);
    await app.register(fieldRoutes);
    options.extraRoutes?.(app);
    await app.ready();
  } catch (error) {
    // Whichever of the two still holds the database lets it go (a second close is harmless).
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
