import { enUS as pickersEn, ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { ru } from 'date-fns/locale/ru';
import type { UiLanguage } from '@/lib/preferences';

/*
 * Locales of the date pickers and date-fns. They live apart from locales.ts so that only the routes that
 * show a date filter load them (the login and wizard routes have JS budgets in KB gzip).
 */
export const pickersLocales = { ru: pickersRu, en: pickersEn } satisfies Record<UiLanguage, object>;

/** date-fns locales for the pickers; en-GB keeps the 24-hour clock and day-first dates. */
export const dateFnsLocales: Record<UiLanguage, Locale> = { ru, en: enGB };
