import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useT } from './messages';
import { HOUSE_SEARCH_MIN_LENGTH } from './model';
import type { HouseSearch } from './use-house-search';

function statusText(t: ReturnType<typeof useT>, search: HouseSearch, typed: string, hasLocal: boolean): string {
  switch (search.state) {
    case 'short':
      return hasLocal && search.hits.length > 0 ? t('houseTypeahead.shortWithLocal', { min: HOUSE_SEARCH_MIN_LENGTH }) : t('houseTypeahead.short', { min: HOUSE_SEARCH_MIN_LENGTH });
    case 'offline':
      return search.hits.length === 0 && typed !== '' ? t('houseTypeahead.offlineNone') : t('houseTypeahead.offline');
    case 'failed':
      return t('houseTypeahead.failed', { error: search.error ?? '' });
    case 'searching':
      return t('houseTypeahead.searching');
    case 'done':
      if (search.hits.length === 0) return t('houseTypeahead.none');
      return search.more ? t('houseTypeahead.more', { total: search.total ?? 0, shown: search.hits.length }) : t('houseTypeahead.count', { total: search.total ?? search.hits.length });
  }
}

/** What the house search is doing, in words: too short, searching, how many matched, offline, failed. */
export function HouseSearchStatus({ search, typed, hasLocal, sx }: { search: HouseSearch; typed: string; hasLocal: boolean; sx?: SxProps<Theme> }) {
  const t = useT();
  return (
    <Typography role="status" variant="body2" color={search.state === 'failed' ? 'error' : 'text.secondary'} sx={sx}>
      {statusText(t, search, typed.trim(), hasLocal)}
    </Typography>
  );
}
