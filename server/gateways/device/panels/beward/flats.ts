import { PanelError } from '../panel-driver';
import { CgiValues, printable } from './cgi-answer';

/** The highest flat a Beward panel lists (`apartment_cgi?action=list&LastNumber=9998`). */
export const BEWARD_LAST_FLAT = 9998;
/** SIP numbers a flat may call (`Phone1` … `Phone5`). */
export const BEWARD_PHONES = 5;

/** One apartment as `apartment_cgi` keeps it. */
export interface BewardFlat {
  number: number;
  doorCode: string;
  doorCodeActive: boolean;
  blockCms: boolean;
  phonesActive: boolean;
  /** Phone1 … Phone5, '' where none. */
  phones: string[];
  /** null: the panel did not say (it uses its common level). */
  handsetUpLevel: number | null;
  doorOpenLevel: number | null;
}

/** A flat the driver creates: no door code, the CMS handset open, called by its number. */
export function newFlat(number: number): BewardFlat {
  return { number, doorCode: '', doorCodeActive: false, blockCms: false, phonesActive: false, phones: [String(number), '', '', '', ''], handsetUpLevel: null, doorOpenLevel: null };
}

/** `apartment_cgi?action=set` for the whole record (the panel is not trusted to keep fields left out). */
export function flatSetParams(flat: BewardFlat): Record<string, string> {
  const params: Record<string, string> = {
    action: 'set',
    Number: String(flat.number),
    DoorCodeActive: flat.doorCodeActive ? 'on' : 'off',
    RegCodeActive: 'off',
    BlockCMS: flat.blockCms ? 'on' : 'off',
    PhonesActive: flat.phonesActive ? 'on' : 'off',
  };
  if (flat.doorCode !== '') params.DoorCode = flat.doorCode;
  for (let phone = 1; phone <= BEWARD_PHONES; phone++) params[`Phone${phone}`] = flat.phones[phone - 1] ?? '';
  if (flat.handsetUpLevel !== null) params.HandsetUpLevel = String(flat.handsetUpLevel);
  if (flat.doorOpenLevel !== null) params.DoorOpenLevel = String(flat.doorOpenLevel);
  return params;
}

/**
 * `apartment_cgi?action=list`: `Number<i>`, `DoorCode<i>`, … for i in 1..N, the last line holding N.
 * A record missing its number or its flags, a gap in the indices, or a last line of another
 * index is garbled: a list cut short is not the panel's list.
 */
export function parseFlatList(text: string): BewardFlat[] {
  const what = 'список квартир';
  const values = CgiValues.parse(text, what);
  if (values.size === 0) return [];
  const numbers = values.indexed('Number');
  const count = numbers.size;
  const lastLine = text.trimEnd().split(/\r?\n|\r/).pop() ?? '';
  const lastIndex = /^[A-Za-z]+(\d+)/.exec(lastLine.trim())?.[1];
  if (count === 0 || Number(lastIndex) !== count) throw new PanelError('garbled', `${what}: последняя строка «${printable(lastLine)}», квартир ${count}`);
  const flats: BewardFlat[] = [];
  for (let index = 1; index <= count; index++) {
    const optionalLevel = (name: string) => (values.get(`${name}${index}`) === undefined ? null : values.integer(`${name}${index}`, what));
    const flat: BewardFlat = {
      number: values.integer(`Number${index}`, what),
      doorCode: values.get(`DoorCode${index}`) ?? '',
      doorCodeActive: values.flag(`DoorCodeActive${index}`, what),
      blockCms: values.flag(`BlockCMS${index}`, what),
      phonesActive: values.get(`PhonesActive${index}`) === undefined ? false : values.flag(`PhonesActive${index}`, what),
      phones: Array.from({ length: BEWARD_PHONES }, (_phone, at) => values.get(`Phone${index}_${at + 1}`) ?? ''),
      handsetUpLevel: optionalLevel('HandsetUpLevel'),
      doorOpenLevel: optionalLevel('DoorOpenLevel'),
    };
    if (flat.doorCodeActive && !/^\d+$/.test(flat.doorCode)) throw new PanelError('garbled', `${what}: DoorCode${index}=${printable(flat.doorCode)}`);
    flats.push(flat);
  }
  return flats;
}
