import { describe, expect, it } from 'vitest';
import { addressMatchesWords, addressSearchWords, normaliseAddress } from '@contract/address-search';

const GORKOGO = 'г. Москва, ул. Горького, д. 32';
const KOROLEVA = 'Московская обл., г. Химки, ул. Королёва, д. 7к2';

const finds = (address: string, query: string) => addressMatchesWords(address, addressSearchWords(query));

describe('the address search normalisation', () => {
  it('lower-cases, reads «ё» as «е» and turns punctuation into single spaces', () => {
    expect(normaliseAddress('  г. Москва, ул. Королёва,  д.7к2/1 ')).toBe('г москва ул королева д 7к2 1');
    expect(normaliseAddress('пр-т Мира; ЁЛОЧНАЯ_100%')).toBe('пр т мира елочная 100');
    expect(normaliseAddress(GORKOGO)).toBe('г москва ул горького д 32');
  });

  it('leaves «ул.», «д.», «г.» and the like out of the query, unless the query is nothing else', () => {
    expect(addressSearchWords('ул. Горького, д.32')).toEqual(['горького', '32']);
    expect(addressSearchWords('г.Москва улица Горького дом 32')).toEqual(['москва', 'горького', '32']);
    expect(addressSearchWords('ул.')).toEqual(['ул']);
    expect(addressSearchWords(' ,. ')).toEqual([]);
  });

  it('finds an address by its words in any order: «Горького 32», «москва горького», «32 горького»', () => {
    expect(finds(GORKOGO, 'Горького 32')).toBe(true);
    expect(finds(GORKOGO, 'москва горького')).toBe(true);
    expect(finds(GORKOGO, '32 горького')).toBe(true);
    expect(finds(GORKOGO, 'ул. Горького, д. 32')).toBe(true);
    expect(finds(GORKOGO, 'Горького 33')).toBe(false);
    expect(finds(GORKOGO, 'Химки горького')).toBe(false);
  });

  it('reads «е» as «ё» both ways: «Королева» finds «Королёва», «Королёва» finds «Королева»', () => {
    expect(finds(KOROLEVA, 'Королева')).toBe(true);
    expect(finds(KOROLEVA, 'КОРОЛЁВА химки')).toBe(true);
    expect(finds('г. Пермь, ул. Королева, д. 1', 'королёва')).toBe(true);
  });

  it('finds a word of one or two characters only at the start of a word: «д. 3» finds house 32, «2» does not', () => {
    expect(finds(GORKOGO, 'д. 3')).toBe(true);
    expect(finds(GORKOGO, '32')).toBe(true);
    expect(finds(GORKOGO, '2')).toBe(false);
    expect(finds(GORKOGO, 'мо')).toBe(true);
    expect(finds(GORKOGO, 'ск')).toBe(false);
    expect(finds(GORKOGO, 'оск')).toBe(true);
    expect(finds(KOROLEVA, 'к2')).toBe(false);
    expect(finds(KOROLEVA, '7к')).toBe(true);
  });

  it('finds a part of a word too: «горьк», «орького», «7к»', () => {
    expect(finds(GORKOGO, 'горьк')).toBe(true);
    expect(finds(GORKOGO, 'орького москв')).toBe(true);
    expect(finds(KOROLEVA, '7к')).toBe(true);
    expect(finds(KOROLEVA, 'химки,королев')).toBe(true);
  });
});
