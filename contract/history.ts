import { array, boolean, define, number, nullable, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, IsoDateTime, MacLike, PageQuery, Pagination, Scalar, endpoint, fromString, parseQueryNumber, listLike, map, withResult } from './common';

// ---------------------------------------------------------------------------
// Constants

/** Access-log event kinds. Other kinds a device reports are kept and shown as they are. */
export const ACCESS_LOG_EVENTS = [
  'OPEN_SIP',
  'HANDSET_CALL',
  'OPEN_CODE',
  'OPEN_HANDSET',
  'OPEN_EXTERNAL',
  'SIP_CALL',
  'OPEN_INTERNAL',
  'OPEN_API',
  'OPEN_FACE_API',
  'BTN_UP',
  'RFID_FAILED',
] as const;
export type AccessLogEvent = (typeof ACCESS_LOG_EVENTS)[number];

export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_FIRST_PAGE = 0;
export const HISTORY_MAX_PAGE_SIZE = 200;
/**
 * The most events a history answer counts before it says `countCapped` (docs/api.md "History"): 200
 * pages of 50. Counting 10,000 index entries takes a few milliseconds, 100,000 tens of them
 * (docs/operations.md "Event history").
 */
export const HISTORY_COUNT_LIMIT = 10_000;
/**
 * How far back a page may reach (page × perPage + perPage): deeper pages of a broad filter would
 * walk millions of index entries; a narrower filter or the CSV export reaches further.
 */
export const HISTORY_MAX_ROWS_BACK = 100_000;
/** The most rows one CSV export holds. */
export const HISTORY_EXPORT_LIMIT = 100_000;

/** numberPages never drops below 1 (it starts at 1). */
export function numberPages(totalCount: number, perPage: number = HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / perPage));
}

// ---------------------------------------------------------------------------
// Date range (start of the day 00:00:00, end 23:59:59, sent as ISO)

/** One formatter per time zone: making one costs far more than using it (an export formats 100,000 times). */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant`: year (4 digits), month, day, hour (00–23), minute, second (2 digits each). */
export function wallClock(instant: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = clockFormat(timeZone).formatToParts(new Date(instant));
  const part = (kind: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === kind)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const wall = Date.UTC(Number(clock.year), Number(clock.month) - 1, Number(clock.day), Number(clock.hour), Number(clock.minute), Number(clock.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in `timeZone` (local time zone when omitted). */
function zonedInstant(year: number, month: number, day: number, hours: number, minutes: number, seconds: number, timeZone?: string): Date {
  if (!timeZone) return new Date(year, month - 1, day, hours, minutes, seconds);
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const first = wall - zoneOffset(wall, timeZone);
  // A second pass settles days when the offset changes (summer time).
  return new Date(wall - zoneOffset(first, timeZone));
}

/** The calendar day of `value`: a `YYYY-MM-DD…` string is taken as written, a Date is read in `timeZone`. */
function calendarDay(value: Date | string, timeZone?: string): [number, number, number] | null {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
  }
  if (Number.isNaN(value.getTime())) return null;
  if (!timeZone) return [value.getFullYear(), value.getMonth() + 1, value.getDate()];
  const text = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(value);
  return calendarDay(text);
}

/**
 * The history filter's dateFrom / dateTo: the chosen days' 00:00:00 and 23:59:59 in the user's time
 * zone, as ISO timestamps. An empty day gives no bound.
 */
export function historyDateRange(
  from: Date | string | null | undefined,
  to: Date | string | null | undefined,
  timeZone?: string,
): { dateFrom?: string; dateTo?: string } {
  const range: { dateFrom?: string; dateTo?: string } = {};
  const start = from ? calendarDay(from, timeZone) : null;
  const end = to ? calendarDay(to, timeZone) : null;
  if (start) range.dateFrom = zonedInstant(start[0], start[1], start[2], 0, 0, 0, timeZone).toISOString();
  if (end) range.dateTo = zonedInstant(end[0], end[1], end[2], 23, 59, 59, timeZone).toISOString();
  return range;
}

// ---------------------------------------------------------------------------
// Entities and calls

/**
 * One event. `identity`: what opened the door (key value, SIP login, code, user login), null when
 * nothing; `params`: extra event data; `image`: URL of the snapshot shown in the history image modal.
 */
export const HistoryEvent = type({
  mac: MacLike,
  eventDate: string(),
  eventType: string(),
  identity: nullable(string()),
  params: map(Scalar),
  image: nullable(string()),
  // Ours (docs/api.md "History"), optional so that another back end's spec-only answer still decodes:
  // what the screen links to (the event, its device's card and address, the key, the user, the flat).
  id: optional(number()),
  deviceId: optional(number()),
  address: optional(nullable(string())),
  houseUid: optional(nullable(string())),
  flatNum: optional(nullable(number())),
  userId: optional(nullable(number())),
  login: optional(nullable(string())),
  rfid: optional(nullable(string())),
  openCode: optional(nullable(string())),
});
export type HistoryEvent = Infer<typeof HistoryEvent>;

const PerPage = define<number>(
  'PerPage',
  (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= HISTORY_MAX_PAGE_SIZE,
);
const PerPageQuery = fromString(PerPage, parseQueryNumber);

/** One of the access-log kinds (ACCESS_LOG_EVENTS); typed as a string, as the event's `eventType` is. */
export const HistoryEventType = define<string>('HistoryEventType', (value) => typeof value === 'string' && (ACCESS_LOG_EVENTS as readonly string[]).includes(value));

/** The filters of every history call (dates as ISO instants with a time, historyDateRange). */
const historyFilters = {
  dateFrom: optional(IsoDateTime),
  dateTo: optional(IsoDateTime),
  eventType: optional(HistoryEventType),
  rfid: optional(string()),
  login: optional(string()),
  flatNum: optional(nullable(IntegerLike)),
  openCode: optional(nullable(string())),
};
/** Pages start at 0. */
const historyPaging = { page: optional(PageQuery), perPage: optional(PerPageQuery) };
const historyOwners = { macs: optional(listLike(MacLike)), userId: optional(nullable(IntegerLike)) };

export const HistoryQuery = object({ ...historyOwners, ...historyFilters, ...historyPaging });
export type HistoryQuery = Infer<typeof HistoryQuery>;
export const DeviceHistoryQuery = object({ ...historyFilters, ...historyPaging });
export type DeviceHistoryQuery = Infer<typeof DeviceHistoryQuery>;
/** The CSV export's query: the list's filters without `page` and `perPage`. */
export const HistoryExportQuery = object({ ...historyOwners, ...historyFilters });
export type HistoryExportQuery = Infer<typeof HistoryExportQuery>;
/** The most MACs one history request names. */
export const HISTORY_MAX_MACS = 100;

/**
 * `numberPages` ≥ 1; `pagination` repeats the counts in the usual shape. `countCapped` (ours): the
 * server counts matches only up to a bound (HISTORY_COUNT_LIMIT); when true, more events match than
 * `pagination.totalCount` says and the pages go on past `numberPages`.
 */
export const HistoryResponse = withResult({
  data: array(HistoryEvent),
  numberPages: number(),
  pagination: optional(Pagination),
  countCapped: optional(boolean()),
});
export type HistoryResponse = Infer<typeof HistoryResponse>;

export const historyEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/devices/history', query: HistoryQuery, response: HistoryResponse }),
  /** The history of one device by DEVICE_ID (the spec does not show this path; docs/api.md). */
  device: endpoint({ method: 'GET', pattern: '/front/device/:id/history', query: DeviceHistoryQuery, response: HistoryResponse }),
} as const;

/**
 * The CSV export of the filtered events (docs/api.md "History"): HistoryExportQuery, answered as
 * `text/csv; charset=utf-8` streamed, at most HISTORY_EXPORT_LIMIT rows. Not in the endpoint table,
 * whose answers are JSON; a refused or bad request still answers JSON `{result:false, message}`.
 */
export const HISTORY_EXPORT_PATH = '/front/devices/history/export';
/** Set to `true` on an export cut at HISTORY_EXPORT_LIMIT rows (its last line then says so too). */
export const HISTORY_EXPORT_TRUNCATED_HEADER = 'X-Export-Truncated';

/** Where an event's stored snapshot is served (the `image` of an event that has one). */
export function historyImagePath(imageId: number): string {
  return `/front/history/images/${imageId}`;
}
