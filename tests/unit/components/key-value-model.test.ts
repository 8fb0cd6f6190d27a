import { describe, expect, it } from 'vitest';
import { checkKeyValue, hexDigits, isHexSearch } from '@/components/key-value/model';
import { isFlatNumber } from '@/lib/flat-number';

describe('a key value checked for its type', () => {
  it('reads separators away and says what is wrong: nothing typed, not hex, or not one of the lengths', () => {
    expect(checkKeyValue('Metakom', '')).toEqual({ kind: 'required' });
    expect(checkKeyValue('Metakom', '  ')).toEqual({ kind: 'required' });
    expect(checkKeyValue('Metakom', '01:23:zz')).toEqual({ kind: 'hex' });
    expect(checkKeyValue('Metakom', '0123 4567')).toEqual({ kind: 'length', lengths: [12], got: 8 });
    expect(checkKeyValue('Metakom', '01:23:45:67:89:ab')).toBeNull();
    expect(checkKeyValue('Metakom', '01-86 84.b8:09:48')).toBeNull();
    expect(checkKeyValue('MIFARE', '0A0B0C0D')).toBeNull();
    expect(checkKeyValue('MIFARE', '0A0B0C0D0E')).toEqual({ kind: 'length', lengths: [8, 14, 20], got: 10 });
    expect(checkKeyValue('RFID', '0A0B0C0D0E')).toBeNull();
  });
});

describe('a value search and a panel code', () => {
  it('takes hex digits with separators, or nothing', () => {
    expect(hexDigits(' ab:12-cd.ef ')).toBe('AB12CDEF');
    expect(isHexSearch('')).toBe(true);
    expect(isHexSearch('ab:12')).toBe(true);
    expect(isHexSearch('zz')).toBe(false);
  });

  it('takes an integer from 1 to 99,999', () => {
    expect(isFlatNumber('1')).toBe(true);
    expect(isFlatNumber(' 99999 ')).toBe(true);
    expect(isFlatNumber('0')).toBe(false);
    expect(isFlatNumber('100000')).toBe(false);
    expect(isFlatNumber('12x')).toBe(false);
    expect(isFlatNumber('')).toBe(false);
  });
});
