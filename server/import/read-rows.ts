import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../contract/imports';
import { importError, ImportFileError, type FileDetection } from './detect';

/** One record of the file: its line (the header is line 1; for CSV the line it starts on) and its cells as text. */
export interface FileRow {
  line: number;
  cells: string[];
}

/**
 * Decodes a byte stream with TextDecoder (UTF-8 or Windows-1251), a character split across chunks
 * kept whole, and makes every line break `\n` (csv-parse then counts lines right, and a quoted
 * break reads the same from Windows and Unix files).
 */
function decoder(encoding: string): Transform {
  const text = new TextDecoder(encoding);
  let held = '';
  const breaks = (chunk: string) => chunk.replace(/\r\n?/g, '\n');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let decoded = held + text.decode(chunk, { stream: true });
      // A `\r` at the end may be the first half of `\r\n`.
      held = decoded.endsWith('\r') ? '\r' : '';
      if (held) decoded = decoded.slice(0, -1);
      done(null, breaks(decoded));
    },
    flush(done) {
      done(null, breaks(held + text.decode()));
    },
  });
}

const newlines = (cells: readonly string[]) => cells.reduce((sum, cell) => sum + (cell.split('\n').length - 1), 0);

async function* csvRows(path: string, detection: FileDetection): AsyncGenerator<FileRow> {
  const parser = parse({
    delimiter: detection.separator,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    trim: false,
  });
  const source = createReadStream(path, { start: detection.skip, highWaterMark: 256 * 1024 });
  const decoded = source.pipe(decoder(detection.encoding));
  decoded.pipe(parser);
  const fail = (error: Error) => parser.destroy(error);
  source.on('error', fail);
  decoded.on('error', fail);
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is where the record ends; its quoted breaks say how far back it began.
      yield { line: record.info.lines - newlines(record.record), cells: record.record };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_')) throw importError('broken-csv');
    throw error;
  } finally {
    source.destroy();
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/** The first worksheet, row by row, read as a stream (ExcelJS's WorkbookReader). */
async function* xlsxRows(path: string): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (value) => cellText(value as ExcelJS.CellValue));
        if (cells.every((cell) => cell.trim() === '')) continue;
        yield { line: row.number, cells };
      }
      // Only the first worksheet.
      break;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw importError('broken-xlsx');
  }
}

/**
 * The file's records after the header, the header first: streamed, never the whole file in
 * memory. More than IMPORT_MAX_ROWS data rows is an ImportFileError.
 */
export async function* readRows(path: string, detection: FileDetection): AsyncGenerator<FileRow> {
  const rows = detection.format === 'xlsx' ? xlsxRows(path) : csvRows(path, detection);
  let count = 0;
  for await (const row of rows) {
    if (count > IMPORT_MAX_ROWS) {
      await rows.return(undefined);
      throw importError('too-many-rows');
    }
    count++;
    yield row;
  }
}

/** The header (trimmed) and the first `sampleRows` data rows; the file is read no further. */
export async function readHead(path: string, detection: FileDetection, sampleRows: number): Promise<{ headers: string[]; sample: string[][] }> {
  const rows = readRows(path, detection);
  try {
    const first = await rows.next();
    if (first.done) throw importError('empty');
    const headers = first.value.cells.map((cell) => cell.trim());
    if (headers.every((header) => header === '')) throw importError('no-header');
    const sample: string[][] = [];
    while (sample.length < sampleRows) {
      const next = await rows.next();
      if (next.done) break;
      sample.push(next.value.cells);
    }
    return { headers, sample };
  } finally {
    await rows.return(undefined);
  }
}

/** The data rows after the header. */
export async function* dataRows(path: string, detection: FileDetection): AsyncGenerator<FileRow> {
  let header = true;
  for await (const row of readRows(path, detection)) {
    if (header) header = false;
    else yield row;
  }
}
