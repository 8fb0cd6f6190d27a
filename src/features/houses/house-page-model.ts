import type { House, HouseFlatsQuery, HouseUpdate } from '@contract/houses';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { REGION_PATTERN } from './model';

/** The house page's flats: 20 a page (server), the page and the flat-number search in the URL. */
export type FlatFilterKey = 'flatNum';
export const HOUSE_FLATS_STATE: ListStateConfig<FlatFilterKey> = { filterKeys: ['flatNum'], firstPage: 1 };

/** The flat-number search: digits only; anything else in a hand-edited URL is left out. */
const FLAT_SEARCH = /^\d{1,6}$/;

export function houseFlatsQuery(state: ListState<FlatFilterKey>): HouseFlatsQuery {
  const flatNum = state.filters.flatNum;
  return { page: state.page, ...(FLAT_SEARCH.test(flatNum) ? { flatNum } : {}) };
}

export function isFlatSearch(text: string): boolean {
  return text === '' || FLAT_SEARCH.test(text);
}

/**
 * contract/flats.ts FLAT_STATUS.blocked (a unit test holds them equal): that module is not imported
 * here, so the house page does not load the whole flat contract to show a status.
 */
export const FLAT_BLOCKED = 1;

export function isBlocked(status: number): boolean {
  return status === FLAT_BLOCKED;
}

export function flatCardPath(houseUid: string, flatNum: number): string {
  return `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`;
}

export function entrancePath(entranceUid: string): string {
  return `/entrances/${encodeURIComponent(entranceUid)}`;
}

// --- the house form (address, region, FIAS) -------------------------------------------------

export const HOUSE_FIELDS = ['address', 'region', 'fias'] as const;
export type HouseField = (typeof HOUSE_FIELDS)[number];
export type HouseEditValues = Record<HouseField, string>;

/** The server's limits (server/routes/houses.ts). */
export const ADDRESS_MAX_LENGTH = 500;
const FIAS_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type HouseFieldProblem = 'addressRequired' | 'addressLong' | 'regionRequired' | 'regionNumber' | 'fiasGuid';

export function houseEditValues(house: House): HouseEditValues {
  return { address: house.address, region: String(house.region), fias: house.fias ?? '' };
}

/** What the server would refuse, field by field (null where the value passes). */
export function checkHouseField(field: HouseField, value: string): HouseFieldProblem | null {
  const text = value.trim();
  switch (field) {
    case 'address':
      return text === '' ? 'addressRequired' : text.length > ADDRESS_MAX_LENGTH ? 'addressLong' : null;
    case 'region':
      return text === '' ? 'regionRequired' : REGION_PATTERN.test(text) && Number(text) >= 1 ? null : 'regionNumber';
    case 'fias':
      return text === '' || FIAS_GUID.test(text) ? null : 'fiasGuid';
  }
}

export function houseUpdateBody(values: HouseEditValues): HouseUpdate {
  const fias = values.fias.trim();
  return { address: values.address.trim(), region: Number(values.region.trim()), fias: fias === '' ? null : fias.toLowerCase() };
}

/** The form field a 400 names (`Некорректное поле region: …`), null for one the form does not show. */
export function houseFieldOf(path: string): HouseField | null {
  return path === 'address' || path === 'region' || path === 'fias' ? path : null;
}

// --- a new flat ------------------------------------------------------------------------------

export interface FlatCreateValues {
  flatNum: string;
  letter: string;
}

export const EMPTY_FLAT_FORM: FlatCreateValues = { flatNum: '', letter: '' };
export const FLAT_NUMBER_MAX = 99_999;
export const LETTER_MAX_LENGTH = 10;

export type FlatFieldProblem = 'flatNumRequired' | 'flatNumPositive' | 'letterLong';

export function checkFlatNum(value: string): FlatFieldProblem | null {
  const text = value.trim();
  if (text === '') return 'flatNumRequired';
  return /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= FLAT_NUMBER_MAX ? null : 'flatNumPositive';
}

export function checkLetter(value: string): FlatFieldProblem | null {
  return value.trim().length > LETTER_MAX_LENGTH ? 'letterLong' : null;
}

export function flatCreateBody(values: FlatCreateValues): { flatNum: number; letter: string | null } {
  const letter = values.letter.trim();
  return { flatNum: Number(values.flatNum.trim()), letter: letter === '' ? null : letter };
}
