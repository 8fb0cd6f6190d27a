import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@contract/imports';
import { translate, type Translate } from '@/components/import-dialog/messages';
import { rowValuesText, rowWhyText } from '@/components/import-dialog/row-text';

const inRussian: Translate = (key, params) => translate('ru', key, params);
const inEnglish: Translate = (key, params) => translate('en', key, params);

const row = (overrides: Partial<ImportRow>): ImportRow => ({ line: 2, status: 'create', reason: null, detail: null, actions: [], values: [], ...overrides });

describe('an import row in words', () => {
  it('names each value by its field in the user’s language, not by the field’s code', async () => {
    const flat = row({ values: ['12', '', '+79001234567', 'Иванов'] });
    expect(rowValuesText(inRussian, 'flats', flat)).toBe('Номер квартиры: 12 · Телефон жителя: +79001234567 · Имя жителя: Иванов');
    // English arrives with its catalog: ask once, then read.
    rowValuesText(inEnglish, 'flats', flat);
    await expect.poll(() => rowValuesText(inEnglish, 'flats', flat)).toBe('Flat number: 12 · Resident phone: +79001234567 · Resident name: Иванов');
    expect(rowValuesText(inEnglish, 'keys', row({ values: ['AA:BB:CC:DD:EE:01', '0123456789AB', '', '', '1'] }))).toBe(
      'Device MAC: AA:BB:CC:DD:EE:01 · Key value: 0123456789AB · Inner (1/0): 1',
    );
  });

  it('names the empty required field as the mapping step does', async () => {
    const missing = row({ status: 'refused', reason: 'missing', detail: 'mac' });
    expect(rowWhyText(inRussian, missing)).toBe('не заполнено обязательное поле «MAC устройства»');
    rowWhyText(inEnglish, missing);
    await expect.poll(() => rowWhyText(inEnglish, missing)).toBe('the required field «Device MAC» is empty');
    expect(rowWhyText(inRussian, row({ status: 'refused', reason: 'duplicate', detail: '7' }))).toBe('повтор строки 7 файла');
  });
});
