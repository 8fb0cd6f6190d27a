import { describe, expect, it } from 'vitest';
import { DecodeError, decode } from '../../../contract/common';
import {
  DeviceAddress,
  DevicePortText,
  isDeviceAddress,
  isFiasId,
  isPorchNumText,
  isPortText,
  OptionalDeviceAddress,
  OptionalFiasId,
  optionFormatProblem,
  PorchNumText,
} from '../../../contract/device-fields';

describe('device field rules', () => {
  it('a port is a whole number from 1 to 65535', () => {
    for (const text of ['1', '48', '65535']) expect(isPortText(text), text).toBe(true);
    for (const text of ['-3', '0', '65536', '7.5', 'abc', '', ' 7']) expect(isPortText(text), text).toBe(false);
  });

  it('a FIAS id is a GUID', () => {
    expect(isFiasId('0c5b2444-70a0-4932-980c-b4dc0d3f02b5')).toBe(true);
    expect(isFiasId('0C5B2444-70A0-4932-980C-B4DC0D3F02B5')).toBe(true);
    for (const text of ['not-a-fias', '0c5b2444-70a0-4932-980c', '']) expect(isFiasId(text), text).toBe(false);
  });

  it('an entrance is a positive whole number', () => {
    for (const text of ['1', '12', '999']) expect(isPorchNumText(text), text).toBe(true);
    for (const text of ['пять', '0', '-1', '2.5', '1000']) expect(isPorchNumText(text), text).toBe(false);
  });

  it('a device address is an http(s) URL or a host name, with no spaces', () => {
    for (const text of ['http://10.16.3.4', 'https://panel.local:8443/api', '10.16.3.4', 'intercom-7.example.net', 'intercom-7.example.net:8080', 'панель.рф', 'localhost']) {
      expect(isDeviceAddress(text), text).toBe(true);
    }
    for (const text of ['не адрес', 'это не хост!! ; rm -rf', 'ftp://10.0.0.1', 'http://', '-bad.example', 'a..b', 'host:70000', '']) {
      expect(isDeviceAddress(text), text).toBe(false);
    }
  });

  it('the structs take an empty value only where the field may stay empty', () => {
    expect(decode(DevicePortText, '')).toBe('');
    expect(decode(PorchNumText, '')).toBe('');
    expect(decode(OptionalFiasId, '')).toBe('');
    expect(decode(OptionalDeviceAddress, '')).toBe('');
    expect(() => decode(DeviceAddress, '')).toThrow(DecodeError);
    expect(() => decode(DevicePortText, '-3')).toThrow(DecodeError);
    expect(() => decode(PorchNumText, 'пять')).toThrow(DecodeError);
    expect(() => decode(OptionalFiasId, 'not-a-fias')).toThrow(DecodeError);
  });

  it('checks the option keys that carry such a field, and leaves the others alone', () => {
    expect(optionFormatProblem('billing_bsPort', '-3')).toMatch(/номер порта/);
    expect(optionFormatProblem('billing_fiasId', 'not-a-fias')).toMatch(/ФИАС/);
    expect(optionFormatProblem('billing_porchNum', 'пять')).toMatch(/подъезда/);
    expect(optionFormatProblem('url', 'не адрес')).toMatch(/адрес устройства/);
    expect(optionFormatProblem('billing_porchNum', 3)).toBeNull();
    expect(optionFormatProblem('billing_bsPort', '')).toBeNull();
    expect(optionFormatProblem('billing_bsPort', null)).toBeNull();
    expect(optionFormatProblem('VENDOR', 'не адрес')).toBeNull();
    expect(optionFormatProblem('constructor', 'x')).toBeNull();
  });
});
