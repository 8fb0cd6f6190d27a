import type { AccessAction, AccessReason, CatalogueEntryInput } from '@contract/access';
import { BULK_STATUS_LIMIT, type BlockedFlat, type BlockedFlatsQuery, type FlatRef, type FlatStatusOutcome } from '@contract/flat-blocks';
import { PERMISSIONS, ROLES } from '@contract/users';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

// ---------------------------------------------------------------------------
// The screen

export const ACCESS_TABS = ['blocks', 'catalogue'] as const;
export type AccessTab = (typeof ACCESS_TABS)[number];
export const TAB_PARAM = 'tab';

/** The tab a `?tab=` names; the blocked flats for anything else. */
export function pickTab(value: string | null): AccessTab {
  return ACCESS_TABS.find((tab) => tab === value) ?? 'blocks';
}

/**
 * Blocks and the catalogue are written by the house permission or the role management (the
 * server's HOUSING_EDITORS) and the superuser; support reads only. The server decides; the client
 * only hides what it would refuse.
 */
export function canWriteAccess(access: { permissions: AuthItemMap; roles: AuthItemMap }): boolean {
  return hasRole(access.roles, ROLES.superuser) || hasRole(access.roles, ROLES.management) || hasPermission(access.permissions, PERMISSIONS.housesList);
}

// ---------------------------------------------------------------------------
// Blocked flats

export type BlockedFilterKey = 'address' | 'houseUid' | 'flatNum';

/** Filters kept in the URL; blocked-flat pages start at 1 (docs/api.md "Flat blocks"). */
export const BLOCKED_LIST_STATE: ListStateConfig<BlockedFilterKey> = {
  filterKeys: ['address', 'houseUid', 'flatNum'],
  firstPage: 1,
};

export const FLAT_NUM_PATTERN = /^\d{1,9}$/;

/** A flat-number filter as typed: empty, or a whole number above zero. */
export function isFlatNumFilter(text: string): boolean {
  const value = text.trim();
  return value === '' || (FLAT_NUM_PATTERN.test(value) && Number(value) > 0);
}

/** The URL state as the API query; a flat number that is not a number (a hand-edited URL) is left out. */
export function blockedFlatsQuery(state: ListState<BlockedFilterKey>): BlockedFlatsQuery {
  const { address, houseUid, flatNum } = state.filters;
  return {
    page: state.page,
    ...(address ? { address } : {}),
    ...(houseUid ? { houseUid } : {}),
    ...(flatNum !== '' && isFlatNumFilter(flatNum) ? { flatNum } : {}),
  };
}

export function flatCardPath(houseUid: string, flatNum: number): string {
  return `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`;
}

export function housePath(houseUid: string): string {
  return `/houses/${encodeURIComponent(houseUid)}`;
}

/** «12» or «12А». */
export function flatLabel(flat: { flatNum: number; letter?: string | null }): string {
  return `${flat.flatNum}${flat.letter ?? ''}`;
}

/** The house and flat of each row, as the bulk call takes them. */
export function flatRefs(rows: Iterable<BlockedFlat>): FlatRef[] {
  return [...rows].map((row) => ({ houseUid: row.houseUid, flatNum: row.flatNum }));
}

/** The rows a page shows, counted from 1 («21–40 из 45»); 0–0 for an empty list. */
export function pageRange(page: number, pageSize: number, totalCount: number, shown: number): { from: number; to: number } {
  if (shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(from + shown - 1, Math.max(totalCount, from)) };
}

// ---------------------------------------------------------------------------
// Flats typed or pasted into the block dialog: «1-20, 35, 41»

export type FlatListProblem =
  | { kind: 'empty' }
  | { kind: 'notNumber'; token: string }
  | { kind: 'reversed'; token: string }
  | { kind: 'tooMany'; count: number; max: number };

export interface ParsedFlatList {
  flats: number[];
  problem: FlatListProblem | null;
}

/** The largest flat number the server takes (a PostgreSQL integer). */
const MAX_FLAT_NUM = 2_147_483_647;
const RANGE = /^(\d+)\s*[-–—]\s*(\d+)$/;
const SINGLE = /^\d+$/;

/**
 * Reads flat numbers and ranges separated by commas, semicolons, spaces or new lines (what a
 * spreadsheet column pastes as). Repeats count once; the order typed is kept. The first problem
 * found is named; more than `max` flats (one bulk call's limit) is one too.
 */
export function parseFlatList(text: string, max: number = BULK_STATUS_LIMIT): ParsedFlatList {
  // A space inside a range («1 - 20») must not split it: ranges are joined before splitting.
  const tokens = text
    .replace(/\s*([-–—])\s*/g, '$1')
    .split(/[\s,;]+/)
    .filter((token) => token !== '');
  if (tokens.length === 0) return { flats: [], problem: { kind: 'empty' } };
  const flats = new Set<number>();
  for (const token of tokens) {
    const range = RANGE.exec(token);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (from < 1 || to > MAX_FLAT_NUM) return { flats: [], problem: { kind: 'notNumber', token } };
      if (from > to) return { flats: [], problem: { kind: 'reversed', token } };
      if (to - from + 1 > max) return { flats: [], problem: { kind: 'tooMany', count: to - from + 1, max } };
      for (let flat = from; flat <= to; flat++) flats.add(flat);
    } else if (SINGLE.test(token) && Number(token) >= 1 && Number(token) <= MAX_FLAT_NUM) {
      flats.add(Number(token));
    } else {
      return { flats: [], problem: { kind: 'notNumber', token } };
    }
    if (flats.size > max) return { flats: [], problem: { kind: 'tooMany', count: flats.size, max } };
  }
  return { flats: [...flats], problem: null };
}

/** What the bulk call answered, failed flats first (they are what the operator must act on), then by flat. */
export function sortedOutcomes(outcomes: readonly FlatStatusOutcome[]): FlatStatusOutcome[] {
  return [...outcomes].sort((a, b) => Number(a.result) - Number(b.result) || a.houseUid.localeCompare(b.houseUid) || a.flatNum - b.flatNum);
}

/** What the block dialog holds: kept by the screen while the dialog is closed. */
export interface BlockFormValues {
  house: { id: string; address: string } | null;
  flats: string;
  reason: string;
}

export const EMPTY_BLOCK_FORM: BlockFormValues = { house: null, flats: '', reason: '' };

/** The body's `reason`: a blank one is left out. */
export function blockReason(text: string): string | undefined {
  const reason = text.trim();
  return reason === '' ? undefined : reason;
}

// ---------------------------------------------------------------------------
// The catalogue

export type CatalogueKind = 'reasons' | 'actions';
export type CatalogueEntry = AccessReason | AccessAction;

/** What a form holds: text as typed; a missing description is ''. */
export interface EntryValues {
  name: string;
  description: string;
}

export interface EntryDraft extends EntryValues {
  id: number;
}

export function entryValues(entry: CatalogueEntry | null): EntryValues {
  return { name: entry?.name ?? '', description: entry?.description ?? '' };
}

/** The set call's body: trimmed, a blank description sent as null, no id for a new entry. */
export function entryInput(values: EntryValues, id?: number): CatalogueEntryInput {
  const description = values.description.trim();
  return { ...(id === undefined ? {} : { id }), name: values.name.trim(), description: description === '' ? null : description };
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** The rows of the bulk editor that differ from the list, as the update call takes them. */
export function changedEntries(original: readonly CatalogueEntry[], drafts: readonly EntryDraft[]): { id: number; name: string; description: string | null }[] {
  const byId = new Map(original.map((entry) => [entry.id, entry]));
  return drafts.flatMap((draft) => {
    const before = byId.get(draft.id);
    const input = entryInput(draft, draft.id) as { id: number; name: string; description: string | null };
    if (before && before.name === input.name && (before.description ?? null) === input.description) return [];
    return [input];
  });
}

/**
 * The editor row and field a refused path of the update call names: `reasons.1.name` is the
 * second entry sent, found among the drafts by its id.
 */
export function bulkFieldOf(
  path: string,
  kind: CatalogueKind,
  sent: readonly { id: number }[],
  drafts: readonly { id: number }[],
): { row: number; field: keyof EntryValues } | null {
  const match = new RegExp(`^${kind}\\.(\\d+)\\.(name|description)$`).exec(path);
  if (!match) return null;
  const id = sent[Number(match[1])]?.id;
  const row = drafts.findIndex((draft) => draft.id === id);
  return row < 0 ? null : { row, field: match[2] as keyof EntryValues };
}

/** The entries with the saved one in its place, or added at the end when it is new. */
export function withEntry<E extends CatalogueEntry>(entries: readonly E[], saved: E): E[] {
  return entries.some((entry) => entry.id === saved.id) ? entries.map((entry) => (entry.id === saved.id ? saved : entry)) : [...entries, saved];
}
