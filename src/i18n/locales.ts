import { enUS as materialEn, ruRU as materialRu } from '@mui/material/locale';
import type { UiLanguage } from '@/lib/preferences';

/** MUI core component texts (pagination, autocomplete …) per UI language. */
export const materialLocales = { ru: materialRu, en: materialEn } satisfies Record<UiLanguage, object>;
