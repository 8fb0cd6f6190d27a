import type { AdjusterJobKind } from '../../../contract/adjuster';
import { serverText, type CodedText } from '../../../contract/server-texts';

/** A base station (the switch in the house's network) and its ports. */
export interface BaseStation {
  name: string;
  ports: number;
}

/** The address the billing knows behind a port; all null when none is known ('Адрес не найден'). */
export interface PortAddress {
  address: string | null;
  entranceNum: number | null;
  fiasId: string | null;
}

/** The intercom answering behind a port (from the switch's MAC table and DHCP). */
export interface PortDevice {
  mac: string;
  ip: string;
  /** The device type (contract DEVICE_TYPE_NAMES index) the device reports. */
  type: number;
}

export interface LinkStatus {
  link: 'up' | 'down';
  /** The switch's own name of the port. */
  port: string;
}

export interface CablePair {
  pair: number;
  /** Metres to the end or to the fault; null when the test failed. */
  length: number | null;
  status: 'ok' | 'open' | 'short' | 'unknown';
}

export interface PortErrors {
  rx: Record<string, number>;
  tx: Record<string, number>;
}

/** One port job as the runner hands it over; `attempt` counts from 1. */
export interface PortJobTask {
  id: number;
  kind: AdjusterJobKind;
  bsName: string;
  portNum: number;
  attempt: number;
}

/** What the equipment did: its Russian `message`, coded for other languages when the gateway can (contract/server-texts.ts). */
export type GatewayOutcome = { ok: boolean } & CodedText;

/**
 * The network equipment the adjuster wizard drives: base stations (switches) and their ports,
 * plus the DDNS service and the preset store. Every port call rejects with `PortNotFoundError`
 * for a base station or port that does not exist.
 */
export interface NetworkGateway {
  baseStations(): readonly BaseStation[];
  address(bsName: string, portNum: number): Promise<PortAddress>;
  /** Null when nothing answers behind the port. */
  device(bsName: string, portNum: number): Promise<PortDevice | null>;
  linkStatus(bsName: string, portNum: number): Promise<LinkStatus>;
  cableLength(bsName: string, portNum: number): Promise<CablePair[]>;
  errorsOnPort(bsName: string, portNum: number): Promise<PortErrors>;
  /**
   * Runs one port job on the switch: it waits in the switch's queue, then `onRunning` is called
   * when the switch starts it, and the promise settles with the outcome. Rejects when `signal`
   * aborts (the server is stopping; the job is handed back to the queue).
   */
  runPortJob(task: PortJobTask, onRunning: () => Promise<void>, signal: AbortSignal): Promise<GatewayOutcome>;
  /** Registers the device's host name with the DDNS service. */
  setupDdns(mac: string, ip: string): Promise<GatewayOutcome & { host?: string }>;
  /** Uploads the configuration preset of the device type to the device. */
  uploadPreset(mac: string, type: number, url: string): Promise<GatewayOutcome>;
}

export class PortNotFoundError extends Error {
  constructor(
    readonly bsName: string,
    readonly portNum: number,
    readonly reason: 'station' | 'port',
  ) {
    const text = reason === 'station' ? serverText('port.stationUnknown', { station: bsName }) : serverText('port.portUnknown', { station: bsName, port: portNum });
    super(text.message);
    this.name = 'PortNotFoundError';
    this.text = text;
  }

  readonly text: CodedText;
}
