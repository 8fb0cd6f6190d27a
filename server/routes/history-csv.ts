import { Readable } from 'node:stream';
import { wallClock } from '../../contract/history';
import type { Db } from '../db/client';
import { countHistory, historyBatch, type HistoryCursor, type HistoryFilter, type StoredEvent } from '../repositories/history';

/** Rows read per query: small enough to keep the server's memory flat, large enough to be few queries. */
const BATCH_ROWS = 1000;
/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';
/** The list separator of Excel in a Russian locale. */
const SEPARATOR = ';';

/** The file's words in one language: the columns, the events as the history screen names them (src/features/device-history/messages*.ts), the cut. */
interface CsvWords {
  columns: (timeZone: string) => string[];
  events: Record<string, string>;
  truncated: (written: number) => string;
}

const RUSSIAN_EVENTS_WORD = { one: 'событие', few: 'события', many: 'событий' } as const;
const russianPlural = new Intl.PluralRules('ru');

const CSV_WORDS: Record<'ru' | 'en', CsvWords> = {
  ru: {
    columns: (timeZone) => [`Время (${timeZone})`, 'Устройство (MAC)', 'Адрес', 'Событие', 'Ключ', 'Логин', 'Квартира', 'Код', 'Снимок'],
    events: {
      OPEN_SIP: 'Открытие по SIP',
      HANDSET_CALL: 'Вызов на трубку',
      OPEN_CODE: 'Открытие по коду',
      OPEN_HANDSET: 'Открытие с трубки',
      OPEN_EXTERNAL: 'Открытие ключом (внешний считыватель)',
      SIP_CALL: 'SIP-вызов',
      OPEN_INTERNAL: 'Открытие ключом (внутренний считыватель)',
      OPEN_API: 'Открытие из приложения',
      OPEN_FACE_API: 'Открытие по лицу',
      BTN_UP: 'Кнопка выхода',
      RFID_FAILED: 'Неизвестный ключ',
    },
    truncated: (written) => {
      const form = russianPlural.select(written);
      const word = form === 'one' ? RUSSIAN_EVENTS_WORD.one : form === 'few' ? RUSSIAN_EVENTS_WORD.few : RUSSIAN_EVENTS_WORD.many;
      return `# Выгрузка обрезана: записано ${written} ${word}, найдено больше. Сузьте фильтр (даты, устройства, тип события).`;
    },
  },
  en: {
    columns: (timeZone) => [`Time (${timeZone})`, 'Device (MAC)', 'Address', 'Event', 'Key', 'Login', 'Flat', 'Code', 'Snapshot'],
    events: {
      OPEN_SIP: 'Opened over SIP',
      HANDSET_CALL: 'Call to the handset',
      OPEN_CODE: 'Opened with a code',
      OPEN_HANDSET: 'Opened from the handset',
      OPEN_EXTERNAL: 'Opened with a key (outer reader)',
      SIP_CALL: 'SIP call',
      OPEN_INTERNAL: 'Opened with a key (inner reader)',
      OPEN_API: 'Opened from the app',
      OPEN_FACE_API: 'Opened by face',
      BTN_UP: 'Exit button',
      RFID_FAILED: 'Unknown key',
    },
    truncated: (written) => `# The export is cut: ${written} ${written === 1 ? 'event' : 'events'} written, more found. Narrow the filter (dates, devices, event type).`,
  },
};

/** The last line of a cut export, in the user's language. */
export function historyCutLine(language: string, written: number): string {
  return wordsIn(language).truncated(written);
}

function wordsIn(language: string): CsvWords {
  return CSV_WORDS[language === 'en' ? 'en' : 'ru'];
}

export interface HistoryCsv {
  fileName: string;
  /** More events match than the export writes. */
  truncated: boolean;
  stream: Readable;
}

/** A field as Excel reads it: quoted when it holds the separator, a quote or a line break; a formula start defused. */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(field).join(SEPARATOR)}\r\n`;
}

/** `dd.mm.yyyy hh:mm:ss` in the zone. */
function localTime(iso: string, timeZone: string): string {
  const p = wallClock(Date.parse(iso), timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** `yyyy-mm-dd` in the zone, for the file name. */
function localDay(date: Date, timeZone: string): string {
  const p = wallClock(date.getTime(), timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A time zone Intl knows, else Moscow's (the option holds an IANA name; an old or odd value must not fail an export). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone });
    return timeZone;
  } catch {
    return 'Europe/Moscow';
  }
}

/**
 * The export of the filtered events as CSV, streamed: keyset batches newest first (no offset, no
 * array of the whole export), each written as it arrives and the next read only when the client
 * has taken it. Whether it is cut is known before the first byte (a count bounded at the limit),
 * for the header; the last line says so again.
 */
export async function historyCsv(db: Db, filter: HistoryFilter, options: { limit: number; timeZone: string; origin: string; language: string }): Promise<HistoryCsv> {
  const { limit, origin } = options;
  // The user's language option: a file is read outside the app, so it is worded when written.
  const words = wordsIn(options.language);
  const timeZone = knownZone(options.timeZone);
  const truncated = (await countHistory(db, filter, limit)) > limit;
  const row = (event: StoredEvent) =>
    line([
      localTime(event.eventDate, timeZone),
      event.mac,
      event.address,
      words.events[event.eventType] ?? event.eventType,
      event.rfid,
      event.login,
      event.flatNum,
      event.openCode,
      event.image === null ? null : event.image.startsWith('/') ? `${origin}${event.image}` : event.image,
    ]);

  async function* lines(): AsyncGenerator<string> {
    yield BOM + line(words.columns(timeZone));
    let written = 0;
    let after: HistoryCursor | undefined;
    while (written < limit) {
      const batch = await historyBatch(db, filter, Math.min(BATCH_ROWS, limit - written), after);
      if (batch.length === 0) break;
      yield batch.map(row).join('');
      written += batch.length;
      after = batch[batch.length - 1].cursor;
    }
    if (truncated) yield `${words.truncated(written)}\r\n`;
  }

  return { fileName: `history-${localDay(new Date(), timeZone)}.csv`, truncated, stream: Readable.from(lines(), { objectMode: false }) };
}
