import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageLoadError } from '@/components/page-load-error';
import { errorMessage } from '@/lib/http';
import { ListPager, type ListPagerProps } from './list-pager';

interface PagedListProps {
  /** Rows on this page. */
  rowCount: number;
  /** A page is being fetched (the thin bar above the rows). */
  loading: boolean;
  loadingLabel?: string;
  /** The last load's failure: an error or its message already in words; null when none. */
  error: unknown;
  /** The screen's sentence around the server's words. */
  errorText: (message: string) => string;
  /** «Повторить»: on the alert above the rows, or, with `firstLoad`, on the failed first load. */
  retry?: { label: string; onRetry: () => void };
  /**
   * Before the first answer `skeleton` stands in for the list, and a failure with nothing loaded takes
   * the list's place (retry offered unless the refusal is final); a failed refresh over rows still
   * shown just says so.
   */
  firstLoad?: { pending: boolean; skeleton: ReactNode };
  /** Said when the page has no rows (and nothing failed). */
  emptyText: string;
  pager: ListPagerProps;
  /** The rows: a table or cards. */
  children: ReactNode;
}

/** A server-paged list's states around its rows: first load, failure (with retry), refresh bar, empty, and the pager. */
export function PagedList({ rowCount, loading, loadingLabel, error, errorText, retry, firstLoad, emptyText, pager, children }: PagedListProps) {
  const failed = error !== null && error !== undefined;
  if (firstLoad?.pending && !failed) return firstLoad.skeleton;
  if (firstLoad && retry && failed && rowCount === 0) {
    return <PageLoadError error={error} message={errorText} retryLabel={retry.label} onRetry={retry.onRetry} />;
  }
  const inlineRetry = retry && !firstLoad;
  return (
    <>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            inlineRetry && (
              <Button color="inherit" onClick={retry.onRetry}>
                {retry.label}
              </Button>
            )
          }
        >
          {errorText(typeof error === 'string' ? error : errorMessage(error))}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={loadingLabel} />}</Box>
      {children}
      {rowCount === 0 && !loading && !failed && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {emptyText}
        </Typography>
      )}
      <ListPager {...pager} />
    </>
  );
}
