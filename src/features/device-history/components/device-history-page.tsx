import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy } from 'react';
import { HISTORY_EXPORT_LIMIT } from '@contract/history';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list/paged-list';
import { errorMessage } from '@/lib/http';
import { useLanguage } from '@/lib/preferences';
import { useT } from '../messages';
import { pageLabel, splitMacs } from '../model';
import { useDeviceHistory } from '../use-device-history';
import { HistoryFilters } from './history-filters';
import { HistoryCards, HistoryTable } from './history-rows';

// Opened on demand: loaded with its first opening (the route's 250 KB budget).
const HistoryImageDialog = lazy(() => import('./history-image-dialog').then((module) => ({ default: module.HistoryImageDialog })));

/** Hands a fetched file to the browser as a download. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `/devices/history`: the events of the user's devices, filtered and paged, their snapshots, and the CSV export. */
export function DeviceHistoryPage() {
  const t = useT();
  const model = useDeviceHistory();
  const language = useLanguage();
  const { list, image, exporting } = model;
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const macOptions = [...new Set([...splitMacs(list.filters.macs).macs, ...model.rows.map((row) => row.mac)])];
  const { page, pages } = pageLabel(list.page, model.numberPages);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <PageHeader
        title={t('history.title')}
        actions={
          // A row of its own below the title on a phone.
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' }, justifyContent: { xs: 'space-between', sm: 'flex-end' } }}>
            <Button startIcon={<Refresh />} disabled={model.loading} onClick={model.retry}>
              {t('history.refresh')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Download />}
              disabled={exporting.pending}
              onClick={() => void model.runExport((file, fileName) => saveFile(file, fileName ?? t('history.export.fileName')))}
            >
              {t(exporting.pending ? 'history.exporting' : 'history.export')}
            </Button>
          </Box>
        }
      />
      {exporting.error !== null && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={model.dismissExport}>
          {t('history.export.error', { error: errorMessage(exporting.error) })}
        </Alert>
      )}
      {exporting.done && (
        <Alert severity={exporting.cut ? 'warning' : 'success'} sx={{ mb: 2 }} onClose={model.dismissExport}>
          {exporting.cut ? t('history.export.cut', { limit: HISTORY_EXPORT_LIMIT.toLocaleString(language === 'ru' ? 'ru-RU' : 'en-GB') }) : t('history.export.done')}
        </Alert>
      )}
      <HistoryFilters filters={list.filters} onApply={list.setFilters} onClear={list.clearFilters} macOptions={macOptions} />
      <PagedList
        rowCount={model.rows.length}
        loading={model.loading}
        loadingLabel={t('history.loading')}
        error={model.error}
        errorText={(error) => t('history.loadError', { error })}
        retry={{ label: t('history.retry'), onRetry: model.retry }}
        firstLoad={{ pending: model.firstLoad, skeleton: <LinearProgress aria-label={t('history.loading')} /> }}
        emptyText={model.filtered ? t('history.noneFound') : t('history.none')}
        pager={{
          list,
          // The pager counts pages from the rows: numberPages × perPage gives it the server's page count.
          totalCount: model.numberPages * model.perPage,
          pageSize: model.perPage,
          capped: model.capped,
          rowCount: model.rows.length,
          displayed: () => t(model.capped ? 'history.displayed.capped' : 'history.displayed', { page, pages }),
          previousLabel: t('history.page.previous'),
          nextLabel: t('history.page.next'),
          navLabel: t('history.pager'),
        }}
      >
        {model.rows.length > 0 &&
          (phone ? (
            <HistoryCards rows={model.rows} links={model.links} onOpenImage={image.open} />
          ) : (
            <HistoryTable rows={model.rows} links={model.links} onOpenImage={image.open} loading={model.loading} />
          ))}
      </PagedList>
      {image.index >= 0 && (
        <Suspense>
          <HistoryImageDialog images={image.images} index={image.index} links={model.links} onPrevious={image.previous} onNext={image.next} onClose={image.close} />
        </Suspense>
      )}
    </Box>
  );
}
