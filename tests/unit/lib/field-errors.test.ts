import { describe, expect, it } from 'vitest';
import { parseFieldErrors, parseReason, placeFieldErrors, type FieldReason } from '@/lib/field-errors';
import { HttpError, NetworkError } from '@/lib/http';

describe('parseReason', () => {
  it("recognises the server's reasons and drops what was sent", () => {
    expect(parseReason('ожидается целое число от 0 до 100, получено: 150')).toEqual({ kind: 'range', min: 0, max: 100 });
    expect(parseReason('ожидается целое число от -9999 до 9999')).toEqual({ kind: 'range', min: -9999, max: 9999 });
    expect(parseReason('ожидается целое число, получено: "abc"')).toEqual({ kind: 'integer' });
    expect(parseReason('ожидается число, получено: null')).toEqual({ kind: 'number' });
    expect(parseReason('обязательное поле')).toEqual({ kind: 'required' });
    expect(parseReason('ожидается непустая строка, получено: ""')).toEqual({ kind: 'required' });
    expect(parseReason('не длиннее 64 символов')).toEqual({ kind: 'maxLength', max: 64 });
    expect(parseReason('допустимые значения: 1, 2, 3')).toEqual({ kind: 'oneOf', values: '1, 2, 3' });
  });

  it('keeps any other reason in the words the server used', () => {
    expect(parseReason('группа 7 принадлежит другому покупателю, чем устройство')).toEqual({
      kind: 'other',
      text: 'группа 7 принадлежит другому покупателю, чем устройство',
    });
  });
});

describe('parseFieldErrors', () => {
  it('splits a message naming one field into its path and reason', () => {
    expect(parseFieldErrors('Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100, получено: 150')).toEqual({
      fields: [
        {
          path: 'audio.musicVolume',
          reason: { kind: 'range', min: 0, max: 100 },
          text: 'Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100, получено: 150',
        },
      ],
      rest: [],
    });
  });

  it('reads every field of a message that joins several with «; », dotted option keys included', () => {
    const parsed = parseFieldErrors(
      'Некорректное поле account.port: ожидается целое число, получено: "пять"; Некорректное поле options.systemInfo.revision: допустимые значения: 2, 5',
    );
    expect(parsed.fields.map(({ path, reason }) => ({ path, reason }))).toEqual([
      { path: 'account.port', reason: { kind: 'integer' } },
      { path: 'options.systemInfo.revision', reason: { kind: 'oneOf', values: '2, 5' } },
    ]);
    expect(parsed.rest).toEqual([]);
  });

  it('leaves a message that names no field whole', () => {
    expect(parseFieldErrors('Некорректный запрос: ожидается объект')).toEqual({ fields: [], rest: ['Некорректный запрос: ожидается объект'] });
    expect(parseFieldErrors('SIP-логин 100 уже занят другим аккаунтом')).toEqual({ fields: [], rest: ['SIP-логин 100 уже занят другим аккаунтом'] });
  });
});

describe('placeFieldErrors', () => {
  const FIELDS: Record<string, 'musicVolume' | 'panelVolume'> = { 'audio.musicVolume': 'musicVolume', 'audio.panelVolume': 'panelVolume' };
  const fieldOf = (path: string) => FIELDS[path] ?? null;

  function place(error: unknown) {
    const placed: [string, FieldReason][] = [];
    const banner = placeFieldErrors(error, fieldOf, (field, reason) => placed.push([field, reason]));
    return { placed, banner };
  }

  it('puts each named field of a 400 at its form field and leaves no banner', () => {
    const error = new HttpError(400, 'Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100, получено: 150; Некорректное поле audio.panelVolume: обязательное поле', {});
    expect(place(error)).toEqual({
      placed: [
        ['musicVolume', { kind: 'range', min: 0, max: 100 }],
        ['panelVolume', { kind: 'required' }],
      ],
      banner: null,
    });
  });

  it('keeps for the banner only what names no field of the form', () => {
    const error = new HttpError(400, 'Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100; Некорректное поле audio.bass: неизвестное поле', {});
    expect(place(error)).toEqual({
      placed: [['musicVolume', { kind: 'range', min: 0, max: 100 }]],
      banner: 'Некорректное поле audio.bass: неизвестное поле',
    });
  });

  it('leaves every other refusal to the banner as it is', () => {
    expect(place(new HttpError(502, 'Устройство ответило ошибкой', {}))).toEqual({ placed: [], banner: 'Устройство ответило ошибкой' });
    expect(place(new HttpError(409, 'Некорректное поле audio.musicVolume: конфликт', {})).placed).toEqual([]);
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(place(offline)).toEqual({ placed: [], banner: offline.message });
  });
});
