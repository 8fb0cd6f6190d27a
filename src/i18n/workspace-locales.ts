import { enUS as gridEn, ruRU as gridRu } from '@mui/x-data-grid/locales';
import { enUS as pickersEn, ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { ru } from 'date-fns/locale/ru';
import type { UiLanguage } from '@/lib/preferences';

/*
 * Locales of the heavy MUI X packages and date-fns. They live apart from locales.ts so that the login route
 * does not load the data grid or the pickers (its budget is 200 KB gzip).
 */
export const pickersLocales = { ru: pickersRu, en: pickersEn } satisfies Record<UiLanguage, object>;
export const gridLocales = { ru: gridRu, en: gridEn } satisfies Record<UiLanguage, object>;

/** date-fns locales for the pickers; en-GB keeps the 24-hour clock and day-first dates. */
export const dateFnsLocales: Record<UiLanguage, Locale> = { ru, en: enGB };
