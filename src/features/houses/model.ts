import type { House, HouseCreate, HouseListQuery } from '@contract/houses';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { canWriteHousing } from '@/components/housing-access';

export type HouseFilterKey = 'address' | 'houseUid' | 'region' | 'fias';

/** House list filter plus our address search; house lists start at page 1. */
export const HOUSE_LIST_STATE: ListStateConfig<HouseFilterKey> = {
  filterKeys: ['address', 'houseUid', 'region', 'fias'],
  firstPage: 1,
};

export const REGION_PATTERN = /^\d{1,3}$/;

/** The URL state as the API query; a region that is not a number (a hand-edited URL) is left out. */
export function houseListQuery(state: ListState<HouseFilterKey>): HouseListQuery {
  const { address, houseUid, region, fias } = state.filters;
  return {
    page: state.page,
    ...(address ? { address } : {}),
    ...(houseUid ? { houseUid } : {}),
    ...(REGION_PATTERN.test(region) ? { region: Number(region) } : {}),
    ...(fias ? { fias } : {}),
  };
}

/** A houses list counts only entries that have an id. */
export function housesWithId(houses: readonly House[]): House[] {
  return houses.filter((house) => house.id !== '');
}

export interface HouseFormValues {
  address: string;
  region: string;
  fias: string;
  id: string;
}

export const EMPTY_HOUSE_FORM: HouseFormValues = { address: '', region: '', fias: '', id: '' };

export function houseCreateBody(values: HouseFormValues): HouseCreate {
  return {
    address: values.address.trim(),
    region: Number(values.region),
    ...(values.fias.trim() ? { fias: values.fias.trim() } : {}),
    ...(values.id.trim() ? { id: values.id.trim() } : {}),
  };
}

/** Creating, editing and deleting houses and their flats (src/components/housing-access.ts). */
export const canEditHouses = canWriteHousing;

export function houseCardPath(houseUid: string): string {
  return `/houses/${encodeURIComponent(houseUid)}`;
}
