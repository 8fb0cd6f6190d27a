import { describe, expect, it } from 'vitest';
import { FLAT_STATUS } from '@contract/flats';
import { parseListState } from '@/components/list-table/list-state-model';
import {
  FLAT_BLOCKED,
  HOUSE_FLATS_STATE,
  checkFlatNum,
  checkHouseField,
  flatCardPath,
  flatCreateBody,
  houseFieldOf,
  houseFlatsQuery,
  houseUpdateBody,
  isFlatSearch,
} from '@/features/houses/house-page-model';

describe('the house page model', () => {
  it('reads the flats page and number search from the URL, leaving out a search that is not digits', () => {
    expect(houseFlatsQuery(parseListState(new URLSearchParams('page=3&flatNum=12'), HOUSE_FLATS_STATE))).toEqual({ page: 3, flatNum: '12' });
    expect(houseFlatsQuery(parseListState(new URLSearchParams('flatNum=12a'), HOUSE_FLATS_STATE))).toEqual({ page: 1 });
    expect(isFlatSearch('')).toBe(true);
    expect(isFlatSearch('1-2')).toBe(false);
  });

  it('checks the house fields as the server does: address, region 1–999, FIAS a GUID or empty', () => {
    expect(checkHouseField('address', '  ')).toBe('addressRequired');
    expect(checkHouseField('address', 'x'.repeat(501))).toBe('addressLong');
    expect(checkHouseField('region', '')).toBe('regionRequired');
    expect(checkHouseField('region', '0')).toBe('regionNumber');
    expect(checkHouseField('region', '1000')).toBe('regionNumber');
    expect(checkHouseField('region', '77')).toBeNull();
    expect(checkHouseField('fias', 'not-a-guid')).toBe('fiasGuid');
    expect(checkHouseField('fias', '0C5B2444-70A0-4932-980C-B4DC0D3F02B5')).toBeNull();
    expect(checkHouseField('fias', '')).toBeNull();
  });

  it('sends the update trimmed, with an empty FIAS as null and a typed one in lower case', () => {
    expect(houseUpdateBody({ address: ' ул. Новая, 1 ', region: ' 50 ', fias: '' })).toEqual({ address: 'ул. Новая, 1', region: 50, fias: null });
    expect(houseUpdateBody({ address: 'a', region: '1', fias: '0C5B2444-70A0-4932-980C-B4DC0D3F02B5' }).fias).toBe('0c5b2444-70a0-4932-980c-b4dc0d3f02b5');
  });

  it('names the form field of a 400, and none for a field the form lacks', () => {
    expect(houseFieldOf('region')).toBe('region');
    expect(houseFieldOf('id')).toBeNull();
  });

  it('wants a flat number that is a positive integer, and sends a blank letter as null', () => {
    expect(checkFlatNum('')).toBe('flatNumRequired');
    expect(checkFlatNum('0')).toBe('flatNumPositive');
    expect(checkFlatNum('-3')).toBe('flatNumPositive');
    expect(checkFlatNum('2.5')).toBe('flatNumPositive');
    expect(checkFlatNum('12')).toBeNull();
    expect(flatCreateBody({ flatNum: ' 12 ', letter: ' ' })).toEqual({ flatNum: 12, letter: null });
    expect(flatCreateBody({ flatNum: '12', letter: 'А' })).toEqual({ flatNum: 12, letter: 'А' });
  });

  it("names a blocked flat by the contract's status code", () => {
    expect(FLAT_BLOCKED).toBe(FLAT_STATUS.blocked);
  });

  it('links a flat to its card, encoding the house uid', () => {
    expect(flatCardPath('дом 1', 12)).toBe('/houses/%D0%B4%D0%BE%D0%BC%201/flats/12/update');
  });
});
