import { normalizeMac } from '@contract/common';
import { ACCESS_LOG_EVENTS, HISTORY_FIRST_PAGE, HISTORY_MAX_MACS, HISTORY_PAGE_SIZE, historyDateRange, type AccessLogEvent, type HistoryEvent, type HistoryQuery } from '@contract/history';
import { hexDigits, isHexSearch } from '@/components/key-value/model';
import { isDay } from '@/components/date-filter/day-value';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { deviceKeysPath } from '@/lib/device-paths';
import { isFlatNumber } from '@/lib/flat-number';

/* Pure logic of the event history screen: no React, no requests. */

// ---------------------------------------------------------------------------
// Filters in the URL

/** The URL's parameters are the API's names; `macs` is a comma-separated list, the dates are days (YYYY-MM-DD). */
export const HISTORY_FILTER_KEYS = ['macs', 'dateFrom', 'dateTo', 'eventType', 'rfid', 'login', 'flatNum', 'openCode', 'userId'] as const;
export type HistoryFilterKey = (typeof HISTORY_FILTER_KEYS)[number];
export type HistoryFilters = Record<HistoryFilterKey, string>;

/** Pages start at 0. */
export const HISTORY_LIST_STATE: ListStateConfig<HistoryFilterKey> = { filterKeys: HISTORY_FILTER_KEYS, firstPage: HISTORY_FIRST_PAGE };

export function isAccessLogEvent(value: string): value is AccessLogEvent {
  return (ACCESS_LOG_EVENTS as readonly string[]).includes(value);
}

/** Typed or pasted MACs (commas, spaces, semicolons between them), normalised, each once; and what could not be read. */
export function splitMacs(text: string): { macs: string[]; unreadable: string[] } {
  const macs: string[] = [];
  const unreadable: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue;
    const mac = normalizeMac(part);
    if (mac === null) unreadable.push(part);
    else if (!macs.includes(mac)) macs.push(mac);
  }
  return { macs, unreadable };
}

export const joinMacs = (macs: readonly string[]): string => macs.join(',');

const isDigits = (text: string) => /^\d+$/.test(text);
const isPositiveId = (text: string) => /^\d{1,15}$/.test(text) && Number(text) >= 1;

export type HistoryFilterProblem = 'macs' | 'macsMany' | 'date' | 'dateOrder' | 'rfid' | 'flatNum' | 'openCode' | 'userId';

/** The typed filters trimmed and normalised as the URL keeps them, and what the server would refuse, field by field. */
export function checkHistoryFilters(values: HistoryFilters): { filters: HistoryFilters; problems: Partial<Record<HistoryFilterKey, HistoryFilterProblem>> } {
  const trimmed = Object.fromEntries(HISTORY_FILTER_KEYS.map((key) => [key, (values[key] ?? '').trim()])) as HistoryFilters;
  const problems: Partial<Record<HistoryFilterKey, HistoryFilterProblem>> = {};
  const macs = splitMacs(trimmed.macs);
  if (macs.unreadable.length > 0) problems.macs = 'macs';
  else if (macs.macs.length > HISTORY_MAX_MACS) problems.macs = 'macsMany';
  if (trimmed.dateFrom !== '' && !isDay(trimmed.dateFrom)) problems.dateFrom = 'date';
  if (trimmed.dateTo !== '' && !isDay(trimmed.dateTo)) problems.dateTo = 'date';
  if (isDay(trimmed.dateFrom) && isDay(trimmed.dateTo) && trimmed.dateFrom > trimmed.dateTo) problems.dateTo = 'dateOrder';
  if (!isHexSearch(trimmed.rfid)) problems.rfid = 'rfid';
  if (trimmed.flatNum !== '' && !isFlatNumber(trimmed.flatNum)) problems.flatNum = 'flatNum';
  if (trimmed.openCode !== '' && !isDigits(trimmed.openCode)) problems.openCode = 'openCode';
  if (trimmed.userId !== '' && !isPositiveId(trimmed.userId)) problems.userId = 'userId';
  return {
    filters: { ...trimmed, macs: joinMacs(macs.macs), rfid: hexDigits(trimmed.rfid), eventType: isAccessLogEvent(trimmed.eventType) ? trimmed.eventType : '' },
    problems,
  };
}

/** Whether any filter is set (the empty list then says «nothing found», not «no events»). */
export const isFiltered = (filters: HistoryFilters): boolean => Object.values(filters).some((value) => value !== '');

export type HistoryFilterQuery = Omit<HistoryQuery, 'page' | 'perPage'>;

/**
 * The URL's filters as the history call's query (the export's too): the days as the user's 00:00:00
 * and 23:59:59; a hand-edited filter the server would refuse is left out.
 */
export function historyFilterQuery(filters: HistoryFilters, timeZone: string): HistoryFilterQuery {
  const macs = splitMacs(filters.macs).macs;
  const rfid = hexDigits(filters.rfid);
  const login = filters.login.trim();
  const openCode = filters.openCode.trim();
  const userId = filters.userId.trim();
  return {
    ...(macs.length > 0 ? { macs } : {}),
    ...historyDateRange(isDay(filters.dateFrom) ? filters.dateFrom : null, isDay(filters.dateTo) ? filters.dateTo : null, timeZone),
    ...(isAccessLogEvent(filters.eventType) ? { eventType: filters.eventType } : {}),
    ...(rfid !== '' && isHexSearch(rfid) ? { rfid } : {}),
    ...(login !== '' ? { login } : {}),
    ...(isFlatNumber(filters.flatNum) ? { flatNum: Number(filters.flatNum.trim()) } : {}),
    ...(openCode !== '' && isDigits(openCode) ? { openCode } : {}),
    ...(isPositiveId(userId) ? { userId: Number(userId) } : {}),
  };
}

/** The list call's query: the filters, the URL's page (from 0) and 50 a page. */
export function historyListQuery(state: ListState<HistoryFilterKey>, timeZone: string): HistoryQuery {
  return { ...historyFilterQuery(state.filters, timeZone), page: state.page, perPage: HISTORY_PAGE_SIZE };
}

// ---------------------------------------------------------------------------
// Where the screen is opened from and where its rows lead

/** The device's keys searched for the value (the keys screen reads `key`). */
export const keyPath = (mac: string, value: string): string => `${deviceKeysPath(mac)}?key=${encodeURIComponent(hexDigits(value))}`;
export const userPath = (userId: number): string => `/users/${userId}`;
export const flatPath = (houseUid: string, flatNum: number): string => `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`;

/** Who or what opened the door (or tried), as the row shows it; a link where the screen exists and the user may open it. */
export type EventActor =
  | { kind: 'key'; value: string; mac: string }
  | { kind: 'user'; login: string; userId: number }
  | { kind: 'login'; login: string }
  | { kind: 'code'; code: string }
  | { kind: 'flat'; flatNum: number; houseUid: string | null }
  | { kind: 'identity'; text: string };

/** The event's key, user, code and flat; what the device reported (`identity`) when it names none of them. */
export function eventActors(event: HistoryEvent): EventActor[] {
  const actors: EventActor[] = [];
  if (event.rfid) actors.push({ kind: 'key', value: event.rfid, mac: event.mac });
  if (event.login) actors.push(event.userId ? { kind: 'user', login: event.login, userId: event.userId } : { kind: 'login', login: event.login });
  if (event.openCode) actors.push({ kind: 'code', code: event.openCode });
  if (event.flatNum !== null && event.flatNum !== undefined) actors.push({ kind: 'flat', flatNum: event.flatNum, houseUid: event.houseUid ?? null });
  if (actors.length === 0 && event.identity) actors.push({ kind: 'identity', text: event.identity });
  return actors;
}

/** A key for React: the event's id, or what tells two events of a page apart. */
export const eventKey = (event: HistoryEvent, index: number): string => (event.id !== undefined ? String(event.id) : `${event.mac}|${event.eventDate}|${index}`);

// ---------------------------------------------------------------------------
// The image modal

/** The page's events that have a snapshot, in the page's order: what the modal steps through. */
export function eventsWithImages(rows: readonly HistoryEvent[]): HistoryEvent[] {
  return rows.filter((row) => row.image !== null && row.image !== '');
}

/** The next (+1) or previous (−1) snapshot, staying within the page: null at either end. */
export function stepImage(index: number, count: number, delta: 1 | -1): number | null {
  const next = index + delta;
  return next >= 0 && next < count ? next : null;
}

/** «Страница 3 из 12»: the page shown from 1, and the number of pages (at least 1). */
export function pageLabel(page: number, numberPages: number): { page: number; pages: number } {
  return { page: page - HISTORY_FIRST_PAGE + 1, pages: Math.max(1, numberPages) };
}
