import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { isInnerKey, type DeviceKeyRow, type MultipleKeyAction } from '@contract/keys';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PagedList } from '@/components/paged-list/paged-list';
import { PendingKeys } from '@/components/queued-keys/pending-keys';
import { ACCESS_RULES } from '@/app/access-rules';
import { useSession } from '@/lib/session';
import { ListSkeleton } from '@/components/paged-list/list-skeleton';
import { useT } from '../messages';
import { keyItem, splitBySide } from '../model';
import { useDeviceKeys } from '../use-device-keys';
import { KeyFilters } from './key-filters';
import { KeyRows, type KeyRowActions } from './key-rows';
import { KeysHeader } from './keys-header';
import { SelectionBar } from './selection-bar';

// Opened now and then: loaded with their first opening (the route's 250 KB budget).
const KeyCreateDialog = lazy(() => import('./key-create-dialog').then((module) => ({ default: module.KeyCreateDialog })));
const KeyActionDialog = lazy(() => import('./key-action-dialog').then((module) => ({ default: module.KeyActionDialog })));

/** A device's keys (`rs` false) or its RS485 controllers' keys: header, search, the server's pages, and the changes. */
export function KeysScreen({ mac, rs }: { mac: string; rs: boolean }) {
  const t = useT();
  const model = useDeviceKeys(mac, rs);
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<DeviceKeyRow | null>(null);
  const [action, setAction] = useState<MultipleKeyAction | null>(null);
  const busy = model.remove.isPending || model.security.isPending;
  const rsUnsupported = rs && model.device !== null && !model.device.capabilities.includes('rsKeys');
  const opensOutbox = ACCESS_RULES.outbox.allows(useSession());

  const rowActions: KeyRowActions | undefined = model.canEdit
    ? {
        selection: model.selection,
        disabled: !model.online || busy,
        onToggle: (row) => model.toggle(keyItem(row)),
        onTogglePage: model.togglePage,
        onSecurity: (row) => model.security.mutate({ item: keyItem(row), encode: row.IS_SECURITY !== 1 }),
        onDelete: setPendingDelete,
      }
    : undefined;
  const pageRows = (rows: readonly DeviceKeyRow[], label: string) => (
    <KeyRows label={label} rows={rows} loading={model.loading} cards={cards} actions={rowActions} />
  );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <KeysHeader
        mac={mac}
        rs={rs}
        device={model.device}
        live={model.live}
        address={model.address}
        actions={
          model.canEdit && (
            <Button variant="contained" startIcon={<Add />} disabled={(!model.online && !model.canQueue) || model.firstLoad || rsUnsupported} onClick={() => setCreating(true)} sx={{ minHeight: 44 }}>
              {t(rs ? 'deviceKeys.rs.add' : 'deviceKeys.add')}
            </Button>
          )
        }
      />
      {!model.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(model.canEdit && model.canQueue ? 'deviceKeys.offline.queue' : 'deviceKeys.offline')}
        </Alert>
      )}
      {!model.canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('deviceKeys.readOnly')}
        </Alert>
      )}
      {rsUnsupported && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('deviceKeys.rs.unsupported')}
        </Alert>
      )}
      <KeyFilters filters={model.list.filters} onApply={model.list.setFilters} onClear={model.list.clearFilters} />
      {model.canEdit && model.selection.items.size > 0 && (
        <SelectionBar count={model.selection.items.size} disabled={!model.online} onAction={setAction} onClear={model.clearSelection} />
      )}
      <PendingKeys keys={model.pending} outboxPath={opensOutbox ? '/outbox' : undefined} />
      <PagedList
        rowCount={model.rows.length}
        loading={model.loading}
        loadingLabel={t('deviceKeys.loading')}
        error={model.error}
        errorText={(error) => t('deviceKeys.loadError', { error })}
        retry={{ label: t('deviceKeys.retry'), onRetry: model.retry }}
        firstLoad={{ pending: model.firstLoad, skeleton: <ListSkeleton rowHeight={cards ? 96 : 44} /> }}
        emptyText={model.filtered ? t('deviceKeys.noneFound') : t(rs ? 'deviceKeys.rs.none' : 'deviceKeys.none')}
        pager={{
          list: model.list,
          totalCount: model.totalCount,
          pageSize: model.pageSize,
          displayed: (range) => t('deviceKeys.displayed', range),
          previousLabel: t('deviceKeys.page.previous'),
          nextLabel: t('deviceKeys.page.next'),
        }}
      >
        {rs ? <RsSides rows={model.rows} render={pageRows} /> : model.rows.length > 0 && pageRows(model.rows, t('deviceKeys.list'))}
      </PagedList>
      <Suspense>
        {creating && (
          <KeyCreateDialog
            rs={rs}
            keyTypes={model.keyTypes}
            online={model.online}
            canQueue={model.canQueue}
            create={model.create}
            onClose={() => {
              model.create.reset();
              setCreating(false);
            }}
          />
        )}
        {action && (
          <KeyActionDialog
            action={action}
            count={model.selection.items.size}
            online={model.online}
            run={model.multiple}
            onClose={() => {
              model.multiple.reset();
              setAction(null);
            }}
          />
        )}
      </Suspense>
      <LazyConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={model.remove.isPending}
        title={t('deviceKeys.delete.title')}
        text={
          pendingDelete === null
            ? ''
            : rs
              ? t('deviceKeys.delete.rsText', { value: pendingDelete.VALUE, mac, side: t(isInnerKey(pendingDelete.INNER) ? 'deviceKeys.side.inner' : 'deviceKeys.side.outer') })
              : t('deviceKeys.delete.text', { value: pendingDelete.VALUE, mac })
        }
        confirmLabel={t('confirm.delete')}
        onConfirm={() => pendingDelete && model.remove.mutate(keyItem(pendingDelete), { onSettled: () => setPendingDelete(null) })}
        onClose={() => setPendingDelete(null)}
      />
    </Box>
  );
}

/** The RS screen's page in two groups, inner keys and outer keys, each under its heading. */
function RsSides({ rows, render }: { rows: readonly DeviceKeyRow[]; render: (rows: readonly DeviceKeyRow[], label: string) => ReactNode }) {
  const t = useT();
  if (rows.length === 0) return null;
  const { inner, outer } = splitBySide(rows);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {[
        { label: t('deviceKeys.rs.inner'), side: inner },
        { label: t('deviceKeys.rs.outer'), side: outer },
      ].map(({ label, side }) => (
        <Box component="section" key={label} aria-label={label} sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
            {label} ({side.length})
          </Typography>
          {side.length > 0 ? (
            render(side, label)
          ) : (
            <Typography color="text.secondary">{t('deviceKeys.rs.sideEmpty')}</Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
