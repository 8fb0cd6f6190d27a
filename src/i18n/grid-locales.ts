import { enUS as gridEn, ruRU as gridRu } from '@mui/x-data-grid/locales';
import type { UiLanguage } from '@/lib/preferences';

/*
 * Locales of the data grid. They live apart from locales.ts and from the picker locales so that only
 * routes with a grid load them (the login and wizard routes have JS budgets in KB gzip).
 */
export const gridLocales = { ru: gridRu, en: gridEn } satisfies Record<UiLanguage, object>;
