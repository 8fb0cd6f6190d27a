import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { sql } from 'drizzle-orm';
import type { AccessLogEvent } from '../../contract/history';
import { queryRows, type Db } from '../db/client';
import { deviceHistoryEvents } from '../db/schema/devices';
import { panelLogEvent, syslogMessage, type PanelLogEvent } from './panel-log-lines';

const RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface SyslogReceiverOptions {
  /** UDP port (SYSLOG_PORT); 0 picks a free one (tests). */
  port: number;
  /** Address to listen on (SYSLOG_HOST, default 127.0.0.1; 0.0.0.0 to hear panels on the network). */
  host?: string;
  /** Events are written in batches at most this often, ms (default 200). */
  flushMs?: number;
  /** How often the map of device addresses is read again, ms (default 60 s; also on a miss, at most every `missRereadMs`). */
  deviceRefreshMs?: number;
  /** A line from an address the map lacks reads the map again at most this often, ms (default 5 s). */
  missRereadMs?: number;
  /** A call with no line for this long is written as it stands, ms (default 120 s). */
  callIdleMs?: number;
}

export interface SyslogStats {
  /** Datagrams received. */
  received: number;
  /** History events written. */
  stored: number;
  /** Lines from a device that mean nothing to the history (counted, not stored). */
  unknownLines: number;
  /** Datagrams from an address no device has (dropped). */
  unknownSources: number;
  /** Events that could not be written (the database refused a batch). */
  failed: number;
}

interface DeviceAt {
  id: number;
  buyerId: number;
}

type EventRow = typeof deviceHistoryEvents.$inferInsert;

interface OpenCall {
  device: DeviceAt;
  eventType: 'SIP_CALL' | 'HANDSET_CALL';
  startedAt: Date;
  lastLineAt: number;
  callId: string | null;
  flats: Set<number>;
  answered: boolean;
}

/** The host of a device's `url` option (an address or a name), lower-case; null when it has none. */
export function deviceHost(url: string | null): string | null {
  if (!url?.trim()) return null;
  try {
    return new URL(/^[a-z]+:\/\//i.test(url.trim()) ? url.trim() : `http://${url.trim()}`).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Turns what panels log (syslog over UDP) into their history: the device is the one whose URL's
 * host is the packet's source address; the lines of PANELS.md become access-log events, a call
 * round's lines one call event. Writes are batched, so a flood costs one insert per batch.
 */
export class SyslogReceiver {
  readonly stats: SyslogStats = { received: 0, stored: 0, unknownLines: 0, unknownSources: 0, failed: 0 };
  private socket: Socket | null = null;
  private devicesByHost = new Map<string, DeviceAt>();
  private devicesReadAt = 0;
  private reading: Promise<void> | null = null;
  private pending: EventRow[] = [];
  private readonly calls = new Map<string, OpenCall>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly deviceRefreshMs: number;
  private readonly missRereadMs: number;
  private readonly callIdleMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: SyslogReceiverOptions,
    private readonly log: { warn(object: object, message: string): void },
  ) {
    this.flushMs = options.flushMs ?? 200;
    this.deviceRefreshMs = options.deviceRefreshMs ?? 60_000;
    this.missRereadMs = options.missRereadMs ?? 5_000;
    this.callIdleMs = options.callIdleMs ?? 120_000;
  }

  /** Starts listening; answers the port. */
  async start(): Promise<number> {
    await this.readDevices();
    // A burst from hundreds of panels outruns the default ~200 KB receive buffer, and the kernel drops
    // what does not fit: 4 MB holds a couple of seconds of 2,000 lines/s (Linux caps it at rmem_max).
    const socket = createSocket({ type: 'udp4', recvBufferSize: RECEIVE_BUFFER_BYTES });
    this.socket = socket;
    socket.on('message', (datagram, from) => this.receive(datagram.toString('utf8'), from));
    socket.on('error', (error) => this.log.warn({ err: error }, 'syslog: the socket failed'));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.options.port, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.flushTimer = setInterval(() => void this.flush(), this.flushMs);
    this.flushTimer.unref();
    return socket.address().port;
  }

  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.socket = null;
    for (const key of [...this.calls.keys()]) this.endCall(key);
    await this.flush();
  }

  /** Writes what is waiting now (the timer's work; tests call it to wait for the batch). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async readDevices(): Promise<void> {
    this.reading ??= (async () => {
      const rows = await queryRows<{ id: number; buyer_id: number; url: string | null }>(this.db, sql`select id, buyer_id, options->>'url' as url from devices`);
      const byHost = new Map<string, DeviceAt>();
      for (const row of rows) {
        const host = deviceHost(row.url);
        // Two devices behind one address (NAT): the older one is taken, the rest cannot be told apart.
        if (host && !byHost.has(host)) byHost.set(host, { id: row.id, buyerId: row.buyer_id });
      }
      this.devicesByHost = byHost;
      this.devicesReadAt = Date.now();
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private receive(datagram: string, from: RemoteInfo): void {
    this.stats.received += 1;
    const host = from.address.toLowerCase();
    const at = new Date();
    const known = this.devicesByHost.has(host);
    const age = Date.now() - this.devicesReadAt;
    if (age > this.deviceRefreshMs || (!known && age > this.missRereadMs)) {
      const reading = this.readDevices().catch((error: unknown) => this.log.warn({ err: error }, 'syslog: reading device addresses failed'));
      // A panel set up since the last read: its first line waits for the read instead of being lost.
      if (!known) return void reading.then(() => this.handle(host, datagram, at));
    }
    this.handle(host, datagram, at);
  }

  private handle(host: string, datagram: string, at: Date): void {
    const device = this.devicesByHost.get(host);
    if (!device) {
      this.stats.unknownSources += 1;
      return;
    }
    const event = panelLogEvent(syslogMessage(datagram));
    if (!event) {
      this.stats.unknownLines += 1;
      return;
    }
    this.take(device, event, at);
    this.endIdleCalls();
  }

  private take(device: DeviceAt, event: PanelLogEvent, at: Date): void {
    switch (event.kind) {
      case 'open':
        this.queue(device, at, event.eventType, { rfid: event.rfid ?? null, openCode: event.openCode ?? null, flatNum: event.flatNum, identity: event.rfid ?? event.openCode ?? null });
        return;
      case 'refused-key':
        this.queue(device, at, 'RFID_FAILED', { rfid: event.rfid, identity: event.rfid, params: { reason: 'unknown key' } });
        return;
      case 'call-start': {
        const key = callKey(device, event.callId);
        const open = this.calls.get(key);
        if (open) {
          // Another leg of the same round (a handset after SIP, or the next flat): one call.
          if (event.flatNum !== null) open.flats.add(event.flatNum);
          open.lastLineAt = at.getTime();
          return;
        }
        this.calls.set(key, { device, eventType: event.eventType, startedAt: at, lastLineAt: at.getTime(), callId: event.callId, flats: new Set(event.flatNum === null ? [] : [event.flatNum]), answered: false });
        return;
      }
      case 'call-answered': {
        const open = this.calls.get(callKey(device, event.callId));
        if (!open) return void (this.stats.unknownLines += 1);
        open.answered = true;
        open.lastLineAt = at.getTime();
        return;
      }
      case 'call-end':
        if (!this.calls.has(callKey(device, event.callId))) return void (this.stats.unknownLines += 1);
        this.endCall(callKey(device, event.callId));
    }
  }

  private endCall(key: string): void {
    const call = this.calls.get(key);
    if (!call) return;
    this.calls.delete(key);
    const flats = [...call.flats];
    this.queue(call.device, call.startedAt, call.eventType, {
      flatNum: flats[0] ?? null,
      params: { callId: call.callId, answered: call.answered, flats },
    });
  }

  private endIdleCalls(): void {
    const now = Date.now();
    for (const [key, call] of this.calls) if (now - call.lastLineAt > this.callIdleMs) this.endCall(key);
  }

  private queue(device: DeviceAt, at: Date, eventType: AccessLogEvent, fields: Partial<Pick<EventRow, 'rfid' | 'openCode' | 'flatNum' | 'identity' | 'params'>>): void {
    this.pending.push({ deviceId: device.id, buyerId: device.buyerId, eventDate: at, eventType, params: {}, ...fields });
  }

  private async writePending(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    for (let start = 0; start < batch.length; start += 1_000) {
      const rows = batch.slice(start, start + 1_000);
      try {
        await this.db.insert(deviceHistoryEvents).values(rows);
        this.stats.stored += rows.length;
      } catch (error) {
        // A device deleted meanwhile, or the database away: these events are lost, and counted.
        this.stats.failed += rows.length;
        this.log.warn({ err: error, events: rows.length }, 'syslog: a batch of events was not written');
      }
    }
  }
}

const callKey = (device: DeviceAt, callId: string | null) => `${device.id}:${callId ?? 'current'}`;
