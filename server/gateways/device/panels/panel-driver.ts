import { serverText, type CodedText, type ServerTextCode } from '../../../../contract/server-texts';
import type { CommutationOnDevice, CompanyFlatList, DeviceChange, DeviceHolding } from '../device-gateway';

/**
 * A real panel as a driver reaches it: from the device's options `url` (with `apiPort` when the URL
 * names no port), `login` and `password`. The address was checked against DEVICE_NETWORKS.
 */
export interface PanelTarget {
  mac: string;
  /** The device type's number (contract/devices.ts DEVICE_TYPE_NAMES). */
  type: number;
  /** `http://host:port`, no trailing slash. */
  baseUrl: string;
  login: string;
  password: string;
}

/**
 * Why a panel did not do what was asked. Drivers raise kinds; the server owns the words
 * (`panelFailureText`), so every driver's refusal reads the same to an operator.
 */
export type PanelFailureKind =
  /** No answer in time. */
  | 'timeout'
  /** Connection refused, reset or dropped before a whole answer. */
  | 'unreachable'
  /** The panel answered 401 / 403: wrong login or password. */
  | 'auth'
  /** The panel answered, but refused the request (an HTTP error, an explicit error text). */
  | 'refused'
  /** The answer could not be read (garbled, partial, not the expected format). */
  | 'garbled'
  /** The driver cannot do this on this panel. */
  | 'unsupported'
  /** The device's address is outside DEVICE_NETWORKS: nothing was sent. */
  | 'address-not-allowed'
  /** The device's URL is missing or not an http URL. */
  | 'bad-address'
  /** No driver serves this device type. */
  | 'no-driver'
  /** The device's stored password cannot be opened (DEVICE_SECRET_KEY unset or another key): nothing was sent. */
  | 'secret-unreadable';

export class PanelError extends Error {
  constructor(
    readonly kind: PanelFailureKind,
    /** What exactly: the address, the request, the part of the answer (kept short, never a password). */
    readonly detail: string = '',
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'PanelError';
  }
}

/** The code of each failure's words (contract/server-texts.ts `panel.*`; `.detail` adds what exactly). */
const FAILURE_CODE = {
  timeout: 'panel.timeout',
  unreachable: 'panel.unreachable',
  auth: 'panel.auth',
  refused: 'panel.refused',
  garbled: 'panel.garbled',
  unsupported: 'panel.unsupported',
  'address-not-allowed': 'panel.addressNotAllowed',
  'bad-address': 'panel.badAddress',
  'no-driver': 'panel.noDriver',
  'secret-unreadable': 'panel.secretUnreadable',
} as const satisfies Readonly<Record<PanelFailureKind, ServerTextCode>>;

/** The operator's words for a panel failure of device `mac` (Russian, like the server's other messages), coded. */
export function panelFailureText(error: PanelError, mac: string): CodedText {
  const code = FAILURE_CODE[error.kind];
  return error.detail ? serverText(`${code}.detail`, { detail: error.detail, mac }) : serverText(code, { mac });
}

/** What a panel says about itself. */
export interface PanelSystemInfo {
  /** The panel answered with its identity. */
  alive: boolean;
  model: string | null;
  firmware: string | null;
  hardware: string | null;
  /** SIP registration, when the panel says. */
  sipRegistered: boolean | null;
}

/** The commutation as read from a panel: model number (KEY_TYPES order, null: unknown) and each commutator's grid. */
export type PanelCommutation = Pick<CommutationOnDevice, 'model'> & { commutators: { index: number; matrix: number[][] }[] };

/**
 * One panel family's protocol. Every call raises PanelError on failure (never a bare Error for a
 * panel's fault); reads answer what the panel holds, with no knowledge of the database.
 */
export interface PanelDriver {
  readonly family: string;
  /** The flat settings (FlatSettingValue names) the panel keeps and readHolding reports; a read-back compares only these. */
  readonly flatSettingKeys: readonly string[];
  systemInfo(panel: PanelTarget): Promise<PanelSystemInfo>;
  /**
   * Writes one change (docs/api.md "Device sync"): keys (add, remove, clear), door codes (common
   * and per flat), flats and their settings, the matrix, the SIP account, and the card's settings
   * (audio, display, levels, relays). A kind the panel cannot take raises 'unsupported'.
   */
  push(panel: PanelTarget, change: DeviceChange): Promise<void>;
  /**
   * Writes a management company's flat list (docs/operations.md «Real panels»): the company's flats
   * and its concierge flat are made to exist on the panel (one it has keeps its settings), the
   * concierge flat is called over SIP and named the panel's concierge. Nothing is removed, and the
   * company's `codeAccess` is not a door code: it does not go to the panel.
   */
  uploadCompanyFlats(panel: PanelTarget, list: CompanyFlatList): Promise<void>;
  /** Everything the panel holds that the database also keeps: keys, door codes, matrix, SIP, flat settings. */
  readHolding(panel: PanelTarget): Promise<DeviceHolding>;
  readCommutation(panel: PanelTarget): Promise<PanelCommutation>;
  /** The line level of one flat's handset, 0..100 (below 20: a dead line). */
  lineLevel(panel: PanelTarget, flatNum: number): Promise<number>;
  /** Opens a door (0: main, 1: second). */
  openDoor(panel: PanelTarget, door: number): Promise<void>;
  reboot(panel: PanelTarget): Promise<void>;
  /** Points the panel's syslog at this server. */
  setSyslog(panel: PanelTarget, address: string, port: number): Promise<void>;
  /** Does now what the driver had put off (a Beward's save of its keys to flash): the server is stopping. */
  flush?(): Promise<void>;
}

/** The flats a company upload makes sure a panel has: the company's and its concierge flat, ascending, once each. */
export function uploadedFlatNumbers(list: CompanyFlatList): number[] {
  return [...new Set([...list.flats, ...(list.conciergeFlatNum === null ? [] : [list.conciergeFlatNum])])].sort((left, right) => left - right);
}

/**
 * Flats written to one panel at once, a request each (Beward, IS rev.2): as many as PanelHttp keeps
 * connections to a panel. The panels' web servers are taken to handle them one after another
 * (docs/panels-beward.md, docs/panels-iscom.md «Assumptions»): this only saves round trips.
 */
export const FLAT_WRITES_AT_ONCE = 4;

/** Runs `work` on each item, `atOnce` at a time; after a failure no new item starts, and the first failure is thrown once the running ones end. */
export async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
