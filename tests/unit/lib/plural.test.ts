import { describe, expect, it } from 'vitest';
import { pluralForm } from '@/i18n/plural';
import { translate } from '@/components/import-dialog/messages';

describe('plural forms', () => {
  it('tells Russian 1, 21 from 2–4, 22 from 0, 5–20, 25', () => {
    expect([1, 21, 101].map((count) => pluralForm('ru', count))).toEqual(['one', 'one', 'one']);
    expect([2, 3, 4, 22, 34].map((count) => pluralForm('ru', count))).toEqual(['few', 'few', 'few', 'few', 'few']);
    expect([0, 5, 11, 12, 14, 20, 25, 111].map((count) => pluralForm('ru', count))).toEqual(['many', 'many', 'many', 'many', 'many', 'many', 'many', 'many']);
  });

  it('tells English one from the rest', () => {
    expect([1, 2, 5, 0, 21].map((count) => pluralForm('en', count))).toEqual(['one', 'many', 'many', 'many', 'many']);
  });

  it('says «Импортировать 2 строки», «21 строку», «5 строк», and «Import 1 row»', async () => {
    const apply = (language: 'ru' | 'en', count: number) => translate(language, `import.dryRun.apply.${pluralForm(language, count)}`, { count });
    expect([2, 21, 5].map((count) => apply('ru', count))).toEqual(['Импортировать 2 строки', 'Импортировать 21 строку', 'Импортировать 5 строк']);
    // English arrives with its catalog: ask once, then read.
    apply('en', 1);
    await expect.poll(() => apply('en', 1)).toBe('Import 1 row');
    expect(apply('en', 2)).toBe('Import 2 rows');
  });
});
