import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { DeviceGatewayError } from '../gateways/device/device-gateway';
import type { DriverGateway } from '../gateways/device/panels/driver-gateway';
import { deviceRefsByMac } from '../repositories/devices';

/** Where the panels send their syslog: this server as they reach it (SYSLOG_PUBLIC_ADDRESS). */
export interface SyslogTarget {
  host: string;
  port: number;
}

/**
 * SYSLOG_PUBLIC_ADDRESS as `host[:port]` (an IPv6 address in brackets), the port defaulting to
 * SYSLOG_PORT; null when unset. A malformed value, or no port at all, throws.
 */
export function syslogTargetFromEnv(env: NodeJS.ProcessEnv): SyslogTarget | null {
  const value = (env.SYSLOG_PUBLIC_ADDRESS ?? '').trim();
  if (value === '') return null;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^\s:[\]/]+))(?::(\d{1,5}))?$/i.exec(value);
  const port = Number(match?.[3] ?? env.SYSLOG_PORT ?? NaN);
  if (!match) throw new Error(`SYSLOG_PUBLIC_ADDRESS must be host[:port] (an IPv6 address in brackets), not «${value}»`);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error('SYSLOG_PUBLIC_ADDRESS needs a port 1..65535: give host:port, or set SYSLOG_PORT');
  return { host: match[1] ?? match[2], port };
}

export interface SyslogTargetsOptions {
  target: SyslogTarget;
  /** How often the devices' addresses are looked at for new devices and changed URLs, ms (default 30 s). */
  pollMs?: number;
  /** The wait before a panel that refused is asked again, ms (default 10 min). */
  retryMs?: number;
  /** Panels asked at once (default 4). */
  concurrency?: number;
}

/** Devices read and asked per step of a round. */
const SLICE = 200;

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface Pointed {
  /** The device's address and login when it was asked (a change asks again). */
  fingerprint: string;
  /** When to ask again after a refusal; null: the panel took it. */
  retryAt: number | null;
}

/**
 * Points each panel's syslog at this server (DEVICE_GATEWAY=drivers with SYSLOG_PUBLIC_ADDRESS):
 * every device of a type with a driver and a URL, at start and then whenever a device appears or
 * its URL, port or login changes (looked at every `pollMs`, so whichever route or process made the
 * change). A refusal is logged and asked again after `retryMs`; it never stops the server.
 *
 * Every call goes through the DriverGateway, whose PanelHttp refuses any address outside
 * DEVICE_NETWORKS before connecting (required with DEVICE_GATEWAY=drivers, gateway-from-env.ts).
 */
export class SyslogTargets {
  private readonly pointed = new Map<number, Pointed>();
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly gateway: DriverGateway,
    private readonly options: SyslogTargetsOptions,
    private readonly log: Logger,
  ) {
    this.pollMs = options.pollMs ?? 30_000;
    this.retryMs = options.retryMs ?? 600_000;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
  }

  start(): void {
    this.stopped = false;
    void this.round();
    this.timer = setInterval(() => void this.round(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at the devices (a round already running is waited for instead). */
  round(): Promise<void> {
    this.running ??= this.pointDue()
      .catch((error: unknown) => this.log.warn({ err: error }, 'syslog targets: reading the devices failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pointDue(): Promise<void> {
    const rows = await queryRows<{ id: number; mac: string; fingerprint: string }>(
      this.db,
      sql`select id, mac, md5(concat_ws('|', options->>'url', options->>'apiPort', options->>'login', options->>'password')) as fingerprint
          from devices
          where type = any(${`{${this.gateway.servedTypes().join(',')}}`}::smallint[]) and coalesce(options->>'url', '') <> ''`,
    );
    const now = Date.now();
    const present = new Set(rows.map((row) => row.id));
    for (const id of this.pointed.keys()) if (!present.has(id)) this.pointed.delete(id);
    const due = rows.filter((row) => {
      const known = this.pointed.get(row.id);
      return !known || known.fingerprint !== row.fingerprint || (known.retryAt !== null && known.retryAt <= now);
    });
    // A slice at a time: a large fleet's first round reads its devices' options in pieces.
    for (let start = 0; start < due.length && !this.stopped; start += SLICE) await this.point(due.slice(start, start + SLICE));
  }

  private async point(due: readonly { mac: string; fingerprint: string }[]): Promise<void> {
    const fingerprints = new Map(due.map((row) => [row.mac, row.fingerprint]));
    const refs = await deviceRefsByMac(this.db, { buyerId: null }, [...fingerprints.keys()]);
    const { host, port } = this.options.target;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < refs.length && !this.stopped) {
        const device = refs[next++];
        const fingerprint = fingerprints.get(device.mac) ?? '';
        try {
          await this.gateway.pointSyslog(device, host, port);
          this.pointed.set(device.id, { fingerprint, retryAt: null });
          this.log.info({ mac: device.mac, syslog: `${host}:${port}` }, 'syslog target set on the panel');
        } catch (error) {
          if (!(error instanceof DeviceGatewayError)) throw error;
          this.pointed.set(device.id, { fingerprint, retryAt: Date.now() + this.retryMs });
          this.log.warn({ mac: device.mac, reason: error.message }, 'syslog target not set on the panel');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, refs.length) }, worker));
  }
}
