import { commutationRead } from './simulator';
import type { DeviceChange, DeviceHolding, DeviceRef } from './device-gateway';

type Key = DeviceHolding['keys'][number];
type Code = DeviceHolding['doorCodes'][number];
type Sip = NonNullable<DeviceHolding['sip']>;

/** What one simulated device holds where it differs from "whatever the database says". */
interface Overlay {
  /** key target → the key the device holds, or null: it holds none. */
  keys: Map<string, Key | null>;
  /** The device forgot every key it was not given since (a full re-sync's clear). */
  keysCleared: boolean;
  codes: Map<string, Code | null>;
  codesCleared: boolean;
  /** unknown: as read from the device (maybe rewired on site); written: as pushed; lost: a refused write left it empty. */
  matrix: 'unknown' | 'written' | 'lost';
  /** undefined: as the database says. */
  sip: Sip | null | undefined;
}

export const keyTarget = (key: { value: string; rs?: boolean; inner?: boolean }) => `${key.rs ? 'rs' : 'panel'}:${key.inner ? 'inner' : 'outer'}:${key.value}`;
export const codeTarget = (flatNum: number | null) => (flatNum === null ? 'common' : String(flatNum));

/**
 * The simulated fleet's memory of pushed changes (this process only): a device never touched since
 * start holds what the database says (the simulator knows no earlier history); a refused change
 * leaves the device without it, a landed one gives it exactly what was pushed.
 */
export class SimulatedHoldings {
  private readonly devices = new Map<string, Overlay>();

  private overlay(mac: string): Overlay {
    let overlay = this.devices.get(mac);
    if (!overlay) {
      overlay = { keys: new Map(), keysCleared: false, codes: new Map(), codesCleared: false, matrix: 'unknown', sip: undefined };
      this.devices.set(mac, overlay);
    }
    return overlay;
  }

  /** The device took the change (landed) or acknowledged it and kept none of it (landed false). */
  record(mac: string, change: DeviceChange, landed: boolean): void {
    const overlay = this.overlay(mac);
    switch (change.kind) {
      case 'key': {
        if (change.action !== 'add' && change.action !== 'remove') return;
        const target = keyTarget(change);
        const pushed = change.action === 'add' ? { value: change.value, rs: change.rs ?? false, inner: change.inner ?? false, flatNum: change.flatNum } : null;
        if (landed) overlay.keys.set(target, pushed);
        else if (!overlay.keys.has(target)) overlay.keys.set(target, pushed ? null : { value: change.value, rs: change.rs ?? false, inner: change.inner ?? false, flatNum: change.flatNum });
        return;
      }
      case 'doorCode': {
        if (change.service !== undefined) return;
        const target = codeTarget(change.flatNum);
        const pushed = change.action === 'set' ? { flatNum: change.flatNum, code: change.code } : null;
        if (landed) overlay.codes.set(target, pushed);
        else if (!overlay.codes.has(target)) overlay.codes.set(target, pushed ? null : { flatNum: change.flatNum, code: change.code });
        return;
      }
      case 'commutators':
        overlay.matrix = landed ? 'written' : 'lost';
        return;
      case 'sip':
        if (landed) overlay.sip = change.account;
        else if (overlay.sip === undefined && change.account) overlay.sip = null;
        return;
      case 'clear':
        if (!landed) return;
        if (change.what === 'keys') {
          overlay.keys.clear();
          overlay.keysCleared = true;
        } else {
          overlay.codes.clear();
          overlay.codesCleared = true;
        }
        return;
      default:
        return;
    }
  }

  /** What the device answers to a read-back, given what the database says it should hold. */
  read(device: DeviceRef, expected: DeviceHolding): DeviceHolding {
    const overlay = this.devices.get(device.mac);
    const commutation = expected.commutation && (!overlay || overlay.matrix === 'unknown' ? { ...expected.commutation, ...commutationRead(device, expected.commutation) } : expected.commutation);
    if (!overlay) return { ...expected, commutation };
    return {
      keys: merged(expected.keys, keyTarget, overlay.keys, overlay.keysCleared),
      doorCodes: merged(expected.doorCodes, (code) => codeTarget(code.flatNum), overlay.codes, overlay.codesCleared),
      commutation:
        overlay.matrix === 'lost' && commutation
          ? { ...commutation, commutators: commutation.commutators.map((item) => ({ index: item.index, matrix: item.matrix.map((row) => row.map(() => 0)) })) }
          : commutation,
      sip: overlay.sip === undefined ? expected.sip : overlay.sip,
    };
  }
}

function merged<T>(expected: readonly T[], targetOf: (item: T) => string, overlay: Map<string, T | null>, cleared: boolean): T[] {
  const result = cleared ? [] : expected.filter((item) => !overlay.has(targetOf(item)));
  for (const item of overlay.values()) if (item) result.push(item);
  return result;
}
