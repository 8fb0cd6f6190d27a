import type { ImportEncoding, ImportFormat, ImportProblem, ImportSeparator } from '../../contract/imports';

/** A file the import cannot read: `problem` is the code the client words in its language; `message` the Russian text. */
export class ImportFileError extends Error {
  readonly problem: ImportProblem;

  constructor(problem: ImportProblem, message: string) {
    super(message);
    this.name = 'ImportFileError';
    this.problem = problem;
  }
}

export const IMPORT_PROBLEM_MESSAGES: Record<ImportProblem, string> = {
  empty: 'Файл пустой',
  binary: 'Это не текстовый CSV-файл и не XLSX: сохраните таблицу как CSV (UTF-8) или XLSX',
  'too-large': 'Файл больше 60 МБ: разделите его на части',
  'too-many-rows': 'В файле больше 100 000 строк: разделите его на части',
  'broken-xlsx': 'Файл XLSX повреждён или не читается',
  'broken-csv': 'CSV не читается: незакрытая кавычка или строка с лишними кавычками',
  'no-header': 'В первой строке файла нет заголовков столбцов',
  'no-file': 'Файл не передан: тело запроса пусто или не файл — отправьте файл телом запроса (application/octet-stream)',
  expired: 'Некорректное поле file: загруженный файл не найден или устарел — выберите файл ещё раз',
};

export function importError(problem: ImportProblem): ImportFileError {
  return new ImportFileError(problem, IMPORT_PROBLEM_MESSAGES[problem]);
}

export interface FileDetection {
  format: ImportFormat;
  encoding: ImportEncoding;
  /** Bytes to skip at the start (the UTF-8 byte order mark). */
  skip: number;
  separator: ImportSeparator;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/** Control bytes a text file does not hold (tab, line feed, carriage return and form feed aside). */
function looksBinary(bytes: Uint8Array): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control > bytes.length / 100;
}

/**
 * UTF-8 when the sample decodes strictly (a character cut at the sample's end is fine), else
 * Windows-1251 (Excel's «CSV» in a Russian Windows).
 */
function detectEncoding(bytes: Uint8Array): ImportEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1251';
  }
}

/**
 * The separator of the first record: the most frequent of `;`, `,` and tab outside quotes
 * (Excel in a Russian locale writes `;`, most other tools `,`); `;` when there is none.
 */
export function detectSeparator(text: string): ImportSeparator {
  const counts: Record<ImportSeparator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ';' || char === ',' || char === '\t')) counts[char]++;
  }
  const best = (Object.keys(counts) as ImportSeparator[]).sort((a, b) => counts[b] - counts[a])[0];
  return counts[best] > 0 ? best : ';';
}

/** What the first bytes of a file say it is; an ImportFileError for an empty or binary file. */
export function detectFile(sample: Uint8Array): FileDetection {
  if (sample.length === 0) throw importError('empty');
  if (startsWith(sample, ZIP_MAGIC)) return { format: 'xlsx', encoding: 'utf-8', skip: 0, separator: ';' };
  if (startsWith(sample, OLE_MAGIC)) throw importError('binary');
  const bom = startsWith(sample, UTF8_BOM);
  const body = bom ? sample.subarray(3) : sample;
  if (body.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09)) throw importError('empty');
  if (looksBinary(body)) throw importError('binary');
  const encoding = bom ? 'utf-8' : detectEncoding(body);
  const text = new TextDecoder(encoding).decode(body);
  return { format: 'csv', encoding, skip: bom ? 3 : 0, separator: detectSeparator(text) };
}
