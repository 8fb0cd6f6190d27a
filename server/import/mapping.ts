import { IMPORT_FIELDS, IMPORT_REQUIRED, type ImportField, type ImportKind, type ImportMapping } from '../../contract/imports';
import { ApiError } from '../http/errors';
import type { SourceRow } from '../repositories/imports-plan';
import type { FileDetection } from './detect';
import { dataRows, readHead } from './read-rows';

/** Header words (lower case, spaces and punctuation dropped) each field is recognised by. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  flat: ['flat', 'квартира', 'кв', 'номерквартиры', 'flatnum', 'flatnumber', 'apartment', 'apt'],
  letter: ['letter', 'литера', 'буква', 'литеры'],
  phone: ['phone', 'телефон', 'тел', 'login', 'логин', 'мобильный', 'номертелефона', 'resident', 'житель'],
  name: ['name', 'имя', 'фио', 'comment', 'комментарий', 'residentname'],
  mac: ['mac', 'мак', 'macaddress', 'device', 'устройство', 'панель'],
  value: ['value', 'key', 'keyvalue', 'ключ', 'значение', 'значениеключа', 'номерключа', 'uid'],
  type: ['type', 'keytype', 'тип', 'типключа', 'карта'],
  inner: ['inner', 'внутренний', 'внутр', 'isinner'],
};

const normalize = (header: string) => header.toLowerCase().replace(/[\s_\-.,:№#()«»"']/g, '').replace(/ё/g, 'е');

/** The field each header most likely holds (exact names first, then synonyms); a header at most once. */
export function guessMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: Record<string, string | null> = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS[kind]) {
    const words = [normalize(field), ...SYNONYMS[field]];
    const index = headers.findIndex((header, at) => !used.has(at) && words.includes(normalize(header)));
    mapping[field] = index >= 0 ? headers[index] : null;
    if (index >= 0) used.add(index);
  }
  return mapping as ImportMapping;
}

/** For each field of the kind, its column in the file (-1: not mapped); 400 for a header the file lacks or a required field left out. */
export function columnsOf(kind: ImportKind, mapping: ImportMapping, headers: readonly string[]): number[] {
  return IMPORT_FIELDS[kind].map((field) => {
    const header = mapping[field];
    if (header === undefined || header === null || header === '') {
      if (IMPORT_REQUIRED[kind].includes(field)) throw new ApiError(400, `Некорректное поле mapping.${field}: укажите столбец с этим полем`);
      return -1;
    }
    const index = headers.indexOf(header);
    if (index < 0) throw new ApiError(400, `Некорректное поле mapping.${field}: в файле нет столбца «${header}»`);
    return index;
  });
}

/** A row's mapped values in IMPORT_FIELDS order, trimmed ('' for an unmapped field or a missing cell). */
export function mappedValues(columns: readonly number[], cells: readonly string[]): string[] {
  return columns.map((index) => (index < 0 ? '' : undefuse((cells[index] ?? '').trim())));
}

/** The export puts a quote before a value a spreadsheet would run as a formula (csv-out.ts); the import takes it off. */
function undefuse(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

/** The file's data rows with their mapped values (IMPORT_FIELDS order); 400 for a mapping the header does not fit. */
export async function mappedRows(path: string, detection: FileDetection, kind: ImportKind, mapping: ImportMapping): Promise<AsyncIterable<SourceRow>> {
  const { headers } = await readHead(path, detection, 0);
  const columns = columnsOf(kind, mapping, headers);
  return (async function* rows() {
    for await (const row of dataRows(path, detection)) yield { line: row.line, values: mappedValues(columns, row.cells) };
  })();
}
