import { describe, expect, it } from 'vitest';
import { MAC_PATTERN, normalizeMac } from '@contract/common';
import { EMPTY_LABEL, hasFields, labelText, mergeLabels, parseLabelCodes, parseLabelText } from '@/components/label-scanner/label-text';

const MAC = 'AA:BB:CC:DD:EE:0F';

describe('normalizeMac: a MAC in every typed form', () => {
  it.each([
    ['AA:BB:CC:DD:EE:0F'],
    ['aa:bb:cc:dd:ee:0f'],
    ['AA-BB-CC-DD-EE-0F'],
    ['aa-bb-cc-dd-ee-0f'],
    ['aabbccddee0f'],
    ['AABBCCDDEE0F'],
    ['AaBb.CcDd.Ee0F'],
    ['aa bb cc dd ee 0f'],
    ['  aa:BB-cc.dd ee0f  '],
  ])('%s -> AA:BB:CC:DD:EE:0F', (typed) => {
    const normal = normalizeMac(typed);
    expect(normal).toBe(MAC);
    expect(MAC_PATTERN.test(normal!)).toBe(true);
  });

  it.each([[''], ['aabbccddee'], ['aabbccddee0f11'], ['gg:bb:cc:dd:ee:ff'], ['aa:bb:cc:dd:ee:f'], ['SN-12345678']])('rejects %j', (typed) => {
    expect(normalizeMac(typed)).toBeNull();
  });
});

describe('parseLabelText: our label formats', () => {
  it('SN:…;MAC:… with the MAC in any form', () => {
    expect(parseLabelText('SN:ISC-2024-0001;MAC:aa-bb-cc-dd-ee-0f')).toEqual({ serialNumber: 'ISC-2024-0001', mac: MAC });
  });

  it('keys in any case, = or :, pairs split by new lines, commas or bars', () => {
    expect(parseLabelText('mac=aabbccddee0f\nS/N = X1')).toEqual({ serialNumber: null, mac: MAC });
    expect(parseLabelText('mac=aabbccddee0f\nS/N = X12')).toEqual({ serialNumber: 'X12', mac: MAC });
    expect(parseLabelText('Serial Number: 123456 | MAC Address: AA:BB:CC:DD:EE:0F')).toEqual({ serialNumber: '123456', mac: MAC });
    expect(parseLabelText('serialNumber=ABC123,mac=AA.BB.CC.DD.EE.0F')).toEqual({ serialNumber: 'ABC123', mac: MAC });
  });

  it('a MAC that is not one leaves the MAC empty', () => {
    expect(parseLabelText('SN:ABC123;MAC:zz')).toEqual({ serialNumber: 'ABC123', mac: null });
  });

  it('JSON with sn / serial / serialNumber and mac', () => {
    expect(parseLabelText('{"sn":"ABC123","mac":"aabbccddee0f"}')).toEqual({ serialNumber: 'ABC123', mac: MAC });
    expect(parseLabelText('{"serialNumber":"777777","MAC":"AA-BB-CC-DD-EE-0F"}')).toEqual({ serialNumber: '777777', mac: MAC });
    expect(parseLabelText('{"serial": 123456}')).toEqual({ serialNumber: '123456', mac: null });
  });

  it('broken JSON is not a serial number', () => {
    expect(parseLabelText('{"sn": "ABC')).toEqual(EMPTY_LABEL);
  });

  it('a URL with sn and mac in its query', () => {
    expect(parseLabelText('https://vendor.example/d?sn=ABC123&mac=AA%3ABB%3ACC%3ADD%3AEE%3A0F')).toEqual({ serialNumber: 'ABC123', mac: MAC });
  });

  it('a bare MAC, in any form', () => {
    expect(parseLabelText('aabbccddee0f')).toEqual({ serialNumber: null, mac: MAC });
    expect(parseLabelText('AA-BB-CC-DD-EE-0F')).toEqual({ serialNumber: null, mac: MAC });
  });

  it('a bare serial number (a Code 128 barcode)', () => {
    expect(parseLabelText(' ISC2024000123 ')).toEqual({ serialNumber: 'ISC2024000123', mac: null });
    expect(parseLabelText('SN-ONLY-5678')).toEqual({ serialNumber: 'SN-ONLY-5678', mac: null });
  });

  it('text that is neither gives nothing', () => {
    expect(parseLabelText('')).toEqual(EMPTY_LABEL);
    expect(parseLabelText('Made in Russia')).toEqual(EMPTY_LABEL);
    expect(parseLabelText('ab')).toEqual(EMPTY_LABEL);
  });

  it('labelText writes what parseLabelText reads', () => {
    expect(parseLabelText(labelText({ serialNumber: 'SN-1', mac: MAC }))).toEqual({ serialNumber: 'SN-1', mac: MAC });
  });
});

describe('merging several codes', () => {
  it('a serial barcode and a MAC barcode make one label; the first value read stays', () => {
    const label = parseLabelCodes(['ISC2024000123', 'aabbccddee0f', 'OTHER999']);
    expect(label).toEqual({ serialNumber: 'ISC2024000123', mac: MAC });
    expect(mergeLabels(label, { serialNumber: 'X', mac: null })).toEqual(label);
  });

  it('hasFields says when every wanted field is read', () => {
    expect(hasFields({ serialNumber: 'A12', mac: null }, ['serialNumber'])).toBe(true);
    expect(hasFields({ serialNumber: 'A12', mac: null }, ['serialNumber', 'mac'])).toBe(false);
  });
});
