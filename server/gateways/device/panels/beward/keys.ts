import { PanelError } from '../panel-driver';
import { CgiValues, printable } from './cgi-answer';

/** rfid: the one table of older panels; mifare: the panel's own reader; external: the external reader (extrfid_cgi). */
export type BewardKeyTable = 'rfid' | 'mifare' | 'external';

/** Digits a Beward key has: a 7-byte UID. */
export const BEWARD_KEY_DIGITS = 14;

/**
 * A key as a Beward panel holds it: 14 upper-case hex digits, left-padded with 0 (`3375A686` →
 * `0000003375A686`). A longer value (a 10-byte UID) does not fit: 'unsupported'.
 */
export function bewardKeyValue(value: string): string {
  const hex = value.replace(/[\s:.-]/g, '').toUpperCase();
  if (!/^[0-9A-F]+$/.test(hex) || hex.length > BEWARD_KEY_DIGITS) throw new PanelError('unsupported', `ключ «${printable(value)}»: панель берёт до ${BEWARD_KEY_DIGITS} шестнадцатеричных цифр`);
  return hex.padStart(BEWARD_KEY_DIGITS, '0');
}

/** `rfid_cgi?action=list` → `KeyValue<i>=<hex>`; `mifare_cgi` / `extrfid_cgi` → `Key<i>=<hex>` (other lines, e.g. `Type<i>`, are skipped). */
export function parseKeyList(text: string, table: BewardKeyTable): string[] {
  const what = `ключи ${table}`;
  const values = CgiValues.parse(text, what).indexed(table === 'rfid' ? 'KeyValue' : 'Key');
  return [...values.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, value]) => {
      if (!/^[0-9A-Fa-f]{1,14}$/.test(value)) throw new PanelError('garbled', `${what}: «${printable(value)}»`);
      return value.toUpperCase().padStart(BEWARD_KEY_DIGITS, '0');
    });
}
