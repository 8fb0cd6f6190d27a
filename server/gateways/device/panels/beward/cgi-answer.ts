import { PanelError } from '../panel-driver';
import type { PanelAnswer } from '../panel-http';

/**
 * A Beward `Key=Value` answer, read case-insensitively: names are kept lower-cased, so
 * `DeviceID`, `deviceid` and `DEVICEID` are one key. Lines may end in `\r\n`; blank lines are skipped.
 */
export class CgiValues {
  private constructor(private readonly values: ReadonlyMap<string, string>) {}

  /**
   * Parses the answer; any line that is not `Name=value` (a name of letters, digits, `_` or `.`)
   * makes the whole answer garbled: a half-read answer is never taken as the panel's state.
   */
  static parse(text: string, what: string): CgiValues {
    const values = new Map<string, string>();
    for (const raw of text.split(/\r?\n|\r/)) {
      const line = raw.trim();
      if (line === '') continue;
      const match = /^([A-Za-z][\w.]*)=(.*)$/.exec(line);
      if (!match) throw new PanelError('garbled', `${what}: «${printable(line)}»`);
      values.set(match[1].toLowerCase(), match[2].trim());
    }
    return new CgiValues(values);
  }

  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }

  /** The value, or PanelError 'garbled' naming the missing key. */
  required(name: string, what: string): string {
    const value = this.get(name);
    if (value === undefined) throw new PanelError('garbled', `${what}: нет ${name}`);
    return value;
  }

  /** A whole number, or 'garbled'. */
  integer(name: string, what: string): number {
    const value = this.required(name, what);
    if (!/^-?\d+$/.test(value)) throw new PanelError('garbled', `${what}: ${name}=${printable(value)}`);
    return Number(value);
  }

  /** `on` / `off` (also `1` / `0`, `open` / `close`), or 'garbled'. */
  flag(name: string, what: string): boolean {
    const value = this.required(name, what).toLowerCase();
    if (['on', '1', 'open', 'true', 'yes'].includes(value)) return true;
    if (['off', '0', 'close', 'false', 'no'].includes(value)) return false;
    throw new PanelError('garbled', `${what}: ${name}=${printable(value)}`);
  }

  /** Entries whose name is `prefix` followed by digits, as index → value (`KeyValue3=…` → 3). */
  indexed(prefix: string): Map<number, string> {
    const pattern = new RegExp(`^${prefix.toLowerCase()}(\\d+)$`);
    const result = new Map<number, string>();
    for (const [name, value] of this.values) {
      const match = pattern.exec(name);
      if (match) result.set(Number(match[1]), value);
    }
    return result;
  }

  get size(): number {
    return this.values.size;
  }
}

/** The answer's text with control characters shown as `?`, kept short for an error detail. */
export function printable(text: string): string {
  const shown = text.replace(/[^\x20-\x7e\u0400-\u04ff]/g, '?');
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}

/** How a panel words a refusal in a 200 answer (judged on the first line only: values may hold any text). */
const REFUSAL = /^\s*(error|fail)|is not defined|invalid|denied/i;

/** 200 with a body; a refusal text or another status is 'refused' (401 / 403 were 'auth' already). */
export function bodyOf(answer: PanelAnswer, what: string): string {
  if (answer.status !== 200) throw new PanelError('refused', `${what}: HTTP ${answer.status} ${printable(answer.text.trim())}`.trim());
  const firstLine = answer.text.trimStart().split(/\r?\n/, 1)[0] ?? '';
  if (REFUSAL.test(firstLine)) throw new PanelError('refused', `${what}: ${printable(firstLine.trim())}`);
  return answer.text;
}

/**
 * A write's answer: `OK`, an empty body, or `Key=Value` lines (some firmware echoes what it set).
 * Anything else is 'garbled': the panel may not have taken the write.
 */
export function expectAccepted(answer: PanelAnswer, what: string): void {
  const text = bodyOf(answer, what).trim();
  if (text === '' || /^ok$/i.test(text)) return;
  CgiValues.parse(text, what);
}
