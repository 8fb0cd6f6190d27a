import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { dueDevices, pruneConfirmed } from '../repositories/device-sync';
import { runQueuedResyncs } from './device-resync';
import { DEVICE_SYNC_DEFAULTS, pushDevice, type DeviceSyncOptions, type DeviceSyncSettings } from './device-sync-runner';
import { definedOnly } from './lease-runner';

/** The background loop: due devices, a few at a time, then queued full re-syncs; confirmed rows pruned now and then. */
class DeviceSyncRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private resyncing: Promise<unknown> | null = null;
  private lastPrune = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly gateway: DeviceGateway,
    private readonly settings: DeviceSyncSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([this.running, this.resyncing]);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.settings.pollMs);
  }

  private async tick(): Promise<void> {
    try {
      const due = await dueDevices(this.db, this.settings.concurrency);
      await Promise.all(due.map((deviceId) => pushDevice(this.db, this.gateway, deviceId, this.settings)));
      // Queued re-syncs may take minutes: they drain beside the rounds, not in them.
      this.resyncing ??= runQueuedResyncs(this.db, this.gateway, this.settings, {
        goOn: () => !this.stopped,
        onError: (error, deviceId) => this.log.error({ err: error, deviceId }, 'device sync: a queued re-sync failed'),
      })
        .catch((error: unknown) => {
          if (!this.stopped) this.log.error({ err: error }, 'device sync: the re-sync queue could not be read');
        })
        .finally(() => {
          this.resyncing = null;
        });
      if (Date.now() - this.lastPrune > 3_600_000) {
        this.lastPrune = Date.now();
        await pruneConfirmed(this.db, this.settings.keepConfirmedMs);
      }
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'device sync: a round failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device-sync settings of this app (the routes send with them). */
    deviceSync: DeviceSyncSettings;
  }
}

export const deviceSyncPlugin = fp(
  async (app, options: DeviceSyncOptions & { gateway: DeviceGateway }) => {
    const { gateway, ...given } = options;
    const settings: DeviceSyncSettings = { ...DEVICE_SYNC_DEFAULTS, ...definedOnly(given) };
    app.decorate('deviceSync', settings);
    if (!settings.enabled) return;
    const runner = new DeviceSyncRunner(app.database.drizzle, gateway, settings, app.log);
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'device-sync', dependencies: ['database'] },
);
