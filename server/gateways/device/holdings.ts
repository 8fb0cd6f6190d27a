import { commutationRead } from './simulator';
import type { DeviceChange, DeviceHolding, DeviceRef, FlatSettingValue } from './device-gateway';

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
  /** key target → its security mode on the device, where it differs from the database's. */
  security: Map<string, boolean>;
  /** `side:value` → scenario → whether the device's key starts it. */
  scenarios: Map<string, Map<number, boolean>>;
  /** `service:code` → whether the device holds that keyless code. */
  keyless: Map<string, boolean>;
  /** flat → setting → what the device holds (null: none). */
  flats: Map<number, Map<string, FlatSettingValue>>;
}

export const keyTarget = (key: { value: string; rs?: boolean; inner?: boolean }) => `${key.rs ? 'rs' : 'panel'}:${key.inner ? 'inner' : 'outer'}:${key.value}`;
export const codeTarget = (flatNum: number | null) => (flatNum === null ? 'common' : String(flatNum));
export const keylessTarget = (code: { service: string; code: string }) => `${code.service}:${code.code}`;
const scenarioTarget = (key: { value: string; rs?: boolean }) => `${key.rs ? 'rs' : 'panel'}:${key.value}`;

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
      overlay = {
        keys: new Map(),
        keysCleared: false,
        codes: new Map(),
        codesCleared: false,
        matrix: 'unknown',
        sip: undefined,
        security: new Map(),
        scenarios: new Map(),
        keyless: new Map(),
        flats: new Map(),
      };
      this.devices.set(mac, overlay);
    }
    return overlay;
  }

  /** The device took the change (landed) or acknowledged it and kept none of it (landed false). */
  record(mac: string, change: DeviceChange, landed: boolean): void {
    const overlay = this.overlay(mac);
    switch (change.kind) {
      case 'key': {
        const target = keyTarget(change);
        if (change.action === 'encode' || change.action === 'decode') {
          // A refused switch leaves the key in the mode it had.
          const secure = change.action === 'encode';
          if (landed || !overlay.security.has(target)) overlay.security.set(target, landed ? secure : !secure);
          return;
        }
        const key = { value: change.value, rs: change.rs ?? false, inner: change.inner ?? false, flatNum: change.flatNum, isSecurity: false, scenarios: [] };
        const pushed = change.action === 'add' ? key : null;
        if (landed) {
          overlay.keys.set(target, pushed);
          overlay.security.delete(target);
          if (pushed) overlay.scenarios.delete(scenarioTarget(change));
        } else if (!overlay.keys.has(target)) overlay.keys.set(target, pushed ? null : key);
        return;
      }
      case 'keyScenario': {
        for (const value of change.values) {
          const target = scenarioTarget({ value, rs: change.rs });
          const scenarios = overlay.scenarios.get(target) ?? new Map<number, boolean>();
          const add = change.action === 'add';
          if (landed || !scenarios.has(change.scenario)) scenarios.set(change.scenario, landed ? add : !add);
          overlay.scenarios.set(target, scenarios);
        }
        return;
      }
      case 'flatSettings': {
        const flat = overlay.flats.get(change.flatNum) ?? new Map<string, FlatSettingValue>();
        // A refused save leaves the device without the settings it carried.
        for (const [name, value] of Object.entries(change.settings)) if (landed || !flat.has(name)) flat.set(name, landed ? value : null);
        overlay.flats.set(change.flatNum, flat);
        return;
      }
      case 'doorCode': {
        if (change.service !== undefined) {
          const target = keylessTarget({ service: change.service, code: change.code });
          const set = change.action === 'set';
          if (landed || !overlay.keyless.has(target)) overlay.keyless.set(target, landed ? set : !set);
          return;
        }
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
          for (const target of overlay.keyless.keys()) overlay.keyless.set(target, false);
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
    const keys = merged(expected.keys, keyTarget, overlay.keys, overlay.keysCleared).map((key) => {
      const scenarios = new Set(key.scenarios);
      for (const [scenario, held] of overlay.scenarios.get(scenarioTarget(key)) ?? []) {
        if (held) scenarios.add(scenario);
        else scenarios.delete(scenario);
      }
      return { ...key, isSecurity: overlay.security.get(keyTarget(key)) ?? key.isSecurity, scenarios: [...scenarios].sort((a, b) => a - b) };
    });
    // Keyless codes the device was told to forget, and ones it holds that the database no longer does.
    const keylessCodes = expected.keylessCodes.filter((code) => overlay.keyless.get(keylessTarget(code)) !== false && !(overlay.codesCleared && !overlay.keyless.has(keylessTarget(code))));
    const known = new Set(expected.keylessCodes.map(keylessTarget));
    for (const [target, held] of overlay.keyless) {
      if (!held || known.has(target)) continue;
      const at = target.indexOf(':');
      keylessCodes.push({ service: target.slice(0, at), code: target.slice(at + 1) });
    }
    const flatSettings = new Map(expected.flatSettings.map((flat) => [flat.flatNum, { ...flat.settings }]));
    for (const [flatNum, settings] of overlay.flats) {
      const flat = flatSettings.get(flatNum) ?? {};
      for (const [name, value] of settings) flat[name] = value;
      flatSettings.set(flatNum, flat);
    }
    return {
      keys,
      doorCodes: merged(expected.doorCodes, (code) => codeTarget(code.flatNum), overlay.codes, overlay.codesCleared),
      keylessCodes,
      flatSettings: [...flatSettings].map(([flatNum, settings]) => ({ flatNum, settings })),
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
