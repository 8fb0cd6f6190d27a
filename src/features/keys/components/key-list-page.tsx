import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { KeyImportButtons } from '@/components/import-dialog/import-buttons';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list/paged-list';
import { useT } from '../messages';
import { exportFilters, keyListBody } from '../model';
import { useKeyList } from '../use-key-list';
import { KeyFilters } from './key-filters';
import { KeyCards, KeyTable } from './key-rows';
import { ViewSwitch } from './view-switch';

// Opened by few and only on demand: loaded with their first opening (the route's 250 KB budget).
const KeyCreateDialog = lazy(() => import('./key-create-dialog').then((module) => ({ default: module.KeyCreateDialog })));
const DuplicatesPanel = lazy(() => import('./duplicates-panel').then((module) => ({ default: module.DuplicatesPanel })));

type View = 'list' | 'duplicates';
const VIEW_PARAM = 'view';

/** `/keys`: every key the user may see, create keys, find and delete duplicates. */
export function KeyListPage() {
  const t = useT();
  const model = useKeyList();
  const { list } = model;
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [search, setSearch] = useSearchParams();
  const view: View = search.get(VIEW_PARAM) === 'duplicates' ? 'duplicates' : 'list';
  const [creating, setCreating] = useState(false);
  // Once opened, the duplicates panel stays mounted (hidden on the list), so the pasted text and its result survive a look at the list.
  const [duplicatesOpened, setDuplicatesOpened] = useState(view === 'duplicates');
  if (view === 'duplicates' && !duplicatesOpened) setDuplicatesOpened(true);
  const filtered = Object.values(list.filters).some((value) => value !== '');

  const showView = (next: View) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next === 'list') params.delete(VIEW_PARAM);
      else params.set(VIEW_PARAM, next);
      return params;
    });

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <PageHeader
        title={t('keys.title')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {/* The export holds the list as filtered; the import takes the same columns back. */}
            <KeyImportButtons filters={exportFilters(keyListBody(list))} canImport={model.canEdit} disabled={!model.online} />
            {model.canEdit && (
              <Button variant="contained" startIcon={<Add />} disabled={!model.online} onClick={() => setCreating(true)}>
                {t('keys.create')}
              </Button>
            )}
          </Box>
        }
      />
      {!model.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('keys.offline')}
        </Alert>
      )}
      <ViewSwitch
        label={t('keys.view.label')}
        value={view}
        onChange={showView}
        views={[
          { value: 'list', label: t('keys.view.list'), tabId: 'keys-tab-list', panelId: 'keys-panel-list' },
          { value: 'duplicates', label: t('keys.view.duplicates'), tabId: 'keys-tab-duplicates', panelId: 'keys-panel-duplicates' },
        ]}
      />
      <Box role="tabpanel" id="keys-panel-list" aria-labelledby="keys-tab-list" hidden={view !== 'list'}>
        <KeyFilters filters={list.filters} onApply={list.setFilters} onClear={list.clearFilters} />
        <PagedList
          rowCount={model.rows.length}
          loading={model.loading}
          loadingLabel={t('keys.loading')}
          error={model.error}
          errorText={(error) => t('keys.loadError', { error })}
          retry={{ label: t('keys.retry'), onRetry: model.retry }}
          // A bar, not grey rows: Skeleton would cost the route ~2 KB of its budget.
          firstLoad={{ pending: model.firstLoad, skeleton: <LinearProgress aria-label={t('keys.loading')} /> }}
          emptyText={filtered ? t('keys.noneFound') : t('keys.none')}
          pager={{
            list,
            totalCount: model.totalCount,
            pageSize: model.pageSize,
            capped: model.capped,
            rowCount: model.rows.length,
            displayed: (range) => t(model.capped ? 'keys.displayed.capped' : 'keys.displayed', range),
            previousLabel: t('keys.page.previous'),
            nextLabel: t('keys.page.next'),
          }}
        >
          {phone ? <KeyCards rows={model.rows} addresses={model.addresses} /> : <KeyTable rows={model.rows} addresses={model.addresses} loading={model.loading} />}
        </PagedList>
      </Box>
      {duplicatesOpened && (
        <Box role="tabpanel" id="keys-panel-duplicates" aria-labelledby="keys-tab-duplicates" hidden={view !== 'duplicates'}>
          <Suspense>
            <DuplicatesPanel canDelete={model.canEdit} online={model.online} onDeleted={model.refresh} />
          </Suspense>
        </Box>
      )}
      <Suspense>
        {creating && (
          <KeyCreateDialog draft={model.draft} setDraft={model.setDraft} online={model.online} onCreated={model.refresh} onClose={() => setCreating(false)} />
        )}
      </Suspense>
    </Box>
  );
}
