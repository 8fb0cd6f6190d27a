import type { UiLanguage } from '@/lib/preferences';

/** The CLDR plural category of a count: Russian tells 1, 2–4 and 5–20 (21, 22…) apart, English one from the rest. */
export type PluralForm = 'one' | 'few' | 'many';

const rules = new Map<UiLanguage, Intl.PluralRules>();

/** `one` (1, 21, 101), `few` (2–4, 22–24) or `many` (0, 5–20, 25…) in Russian; `one` or `many` in English. */
export function pluralForm(language: UiLanguage, count: number): PluralForm {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(language);
    rules.set(language, rule);
  }
  const category = rule.select(count);
  return category === 'one' ? 'one' : category === 'few' ? 'few' : 'many';
}

/** The catalog key of `count`'s form: `base.one`, `base.few` or `base.many` (a catalog holds all three). */
export function pluralKey<Base extends string>(language: UiLanguage, base: Base, count: number): `${Base}.${PluralForm}` {
  return `${base}.${pluralForm(language, count)}`;
}
