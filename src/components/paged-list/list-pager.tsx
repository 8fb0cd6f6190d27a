import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useT } from '@/i18n/i18n';

export interface ListPagerProps {
  /** The URL's page (from `useUrlListState`): the API's page number and the way to change it. */
  list: { page: number; config: { firstPage: number }; setPage: (page: number) => void };
  totalCount: number;
  pageSize: number;
  /** The server stopped counting at `totalCount`: «next» stays open while the page is full. */
  capped?: boolean;
  /** Rows on this page (read only when `capped`). */
  rowCount?: number;
  /** «1–20 из 27» from the shared catalog unless the feature words it (e.g. «из более N» when capped). */
  displayed?: (range: { from: number; to: number; count: number }) => string;
  /** The arrows' names, from the shared catalog unless given. */
  previousLabel?: string;
  nextLabel?: string;
  /** Makes the pager a named navigation landmark. */
  navLabel?: string;
}

/** «1–20 из 27» and the arrows: the server's pages, the page number kept in the URL. */
export function ListPager({ list, totalCount, pageSize, capped = false, rowCount = 0, displayed, previousLabel, nextLabel, navLabel }: ListPagerProps) {
  const t = useT();
  const index = list.page - list.config.firstPage;
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const from = totalCount === 0 ? 0 : index * pageSize + 1;
  const to = Math.min(totalCount, (index + 1) * pageSize);
  return (
    <Box component={navLabel ? 'nav' : 'div'} aria-label={navLabel} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1 }}>
      <Typography variant="body2">{displayed ? displayed({ from, to, count: totalCount }) : t('common.pager.displayed', { from, to, count: totalCount })}</Typography>
      <IconButton aria-label={previousLabel ?? t('common.pager.previous')} disabled={index <= 0} onClick={() => list.setPage(list.page - 1)}>
        <ChevronLeft />
      </IconButton>
      <IconButton aria-label={nextLabel ?? t('common.pager.next')} disabled={capped ? rowCount < pageSize : index >= pages - 1} onClick={() => list.setPage(list.page + 1)}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
