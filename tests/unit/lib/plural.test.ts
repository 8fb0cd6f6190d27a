import { describe, expect, it } from 'vitest';
import { pluralForm, pluralKey } from '@/i18n/plural';
import { translate } from '@/components/import-dialog/messages';
import { translate as auditTranslate } from '@/components/recent-audit/messages';
import { translate as dialingsTranslate } from '@/features/dialings/messages';
import { translate as keysTranslate } from '@/features/keys/messages';

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

  it('counts in English without «1 steps», «1 more changes» or «device(s)», and keeps the Russian label forms', async () => {
    // English arrives with each catalog: ask once, then read.
    const english = () => [
      dialingsTranslate('en', pluralKey('en', 'dialings.route.show', 1), { count: 1 }),
      dialingsTranslate('en', pluralKey('en', 'dialings.route.show', 3), { count: 3 }),
      auditTranslate('en', pluralKey('en', 'recentAudit.more', 1), { count: 1 }),
      auditTranslate('en', pluralKey('en', 'recentAudit.more', 4), { count: 4 }),
      keysTranslate('en', pluralKey('en', 'keys.create.done', 1), { value: '0A', count: 1 }),
      keysTranslate('en', pluralKey('en', 'keys.create.done', 2), { value: '0A', count: 2 }),
      keysTranslate('en', pluralKey('en', 'keys.dup.delete.text', 1), { count: 1 }),
      keysTranslate('en', pluralKey('en', 'keys.dup.delete.done', 1), { deleted: 1, count: 1 }),
    ];
    english();
    await expect.poll(english).toEqual([
      'Show the route: 1 step',
      'Show the route: 3 steps',
      'and 1 more change',
      'and 4 more changes',
      'Key 0A added to 1 device',
      'Key 0A added to 2 devices',
      '1 key will be deleted from its devices. This cannot be undone.',
      'Deleted 1 of 1 key',
    ]);
    expect([1, 2, 5].map((count) => dialingsTranslate('ru', pluralKey('ru', 'dialings.route.show', count), { count }))).toEqual([
      'Показать маршрут: шагов 1',
      'Показать маршрут: шагов 2',
      'Показать маршрут: шагов 5',
    ]);
    expect(keysTranslate('ru', pluralKey('ru', 'keys.dup.delete.done', 2), { deleted: 2, count: 2 })).toBe('Удалено ключей: 2 из 2');
  });
});
