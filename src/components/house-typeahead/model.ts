import { addressMatchesWords, addressSearchWords } from '@contract/address-search';
import { decode } from '@contract/common';
import { House } from '@contract/houses';
import type { SnapshotRow } from '@/offline/db';

/** The server searches the address from this many characters (the trigram index needs three). */
export const HOUSE_SEARCH_MIN_LENGTH = 3;
/** Typing pauses this long before a search is sent. */
export const HOUSE_SEARCH_DEBOUNCE_MS = 300;
/** A phone screen shows about this many; the rest are a few more letters away. */
export const MAX_SHOWN = 30;

/** One house a picker offers: from the server's search, a house taken offline, or the caller's own list. */
export interface HouseHit {
  id: string;
  address: string;
  fias: string | null;
  /** When the house was taken offline; null when it was not. */
  savedAt: number | null;
  /** The house as the server or the snapshot gave it; null for a caller's entry that only names it. */
  house: House | null;
}

export function hitOf(house: House, savedAt: number | null = null): HouseHit {
  return { id: house.id, address: house.address, fias: house.fias ?? null, savedAt, house };
}

/**
 * Typed words are matched as the server matches them (contract/address-search.ts: any order, «ё»
 * as «е», «ул.», «д.» left out) in the address; a FIAS id or uid pasted from elsewhere, as it is.
 */
export function matchHits(hits: readonly HouseHit[], query: string): HouseHit[] {
  const words = addressSearchWords(query);
  if (words.length === 0) return [...hits];
  const pasted = query.trim().toLowerCase();
  return hits.filter((hit) => addressMatchesWords(hit.address, words) || [hit.id, hit.fias ?? ''].some((id) => id.toLowerCase().includes(pasted)));
}

/** Each house once, the first occurrence winning, but marked saved when any copy was taken offline. */
export function mergeHits(...lists: readonly (readonly HouseHit[])[]): HouseHit[] {
  const byId = new Map<string, HouseHit>();
  for (const hit of lists.flat()) {
    if (hit.id === '') continue;
    const known = byId.get(hit.id);
    if (!known) byId.set(hit.id, hit);
    else if (known.savedAt === null && hit.savedAt !== null) byId.set(hit.id, { ...known, savedAt: hit.savedAt });
  }
  return [...byId.values()];
}

/** The houses of the user's snapshots; a row an older app wrote in another shape is skipped. */
export function snapshotHits(rows: readonly SnapshotRow[]): HouseHit[] {
  return rows.flatMap((row) => {
    try {
      return [hitOf(decode(House, row.house, `snapshot ${row.houseUid} house`), row.savedAt)];
    } catch {
      return [];
    }
  });
}

export function searchable(text: string): boolean {
  return text.trim().length >= HOUSE_SEARCH_MIN_LENGTH;
}

/** The index `step`s on from `from` (wrapping round), past the houses that cannot be chosen; `from` when none can. */
export function nextChoosable(hits: readonly HouseHit[], from: number, step: 1 | -1, choosable: (hit: HouseHit) => boolean): number {
  for (let moved = 1; moved <= hits.length; moved += 1) {
    const index = (((from + step * moved) % hits.length) + hits.length) % hits.length;
    if (choosable(hits[index]!)) return index;
  }
  return Math.max(0, from);
}
