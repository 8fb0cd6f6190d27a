import LockOpen from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useT } from '@/features/access/messages';
import { EMPTY_BLOCK_FORM, type BlockFormValues } from '../model';
import { useBlockedFlats } from '../use-blocked-flats';
import { BlockedFlatsFilters } from './blocked-flats-filters';
import { BlockedFlatsList } from './blocked-flats-list';

// Dialogs load when first opened: the list alone fits the route's 250 KB gzip.
const BlockDialog = lazy(() => import('./block-dialog').then((m) => ({ default: m.BlockDialog })));
const StatusResultDialog = lazy(() => import('./status-result-dialog').then((m) => ({ default: m.StatusResultDialog })));
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

interface TabProps {
  canWrite: boolean;
  online: boolean;
}

export function BlockedFlatsTab({ canWrite, online }: TabProps) {
  const t = useT();
  const blocked = useBlockedFlats();
  const [blocking, setBlocking] = useState(false);
  const [draft, setDraft] = useState<BlockFormValues>(EMPTY_BLOCK_FORM);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      {canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<LockOutlined />} onClick={() => setBlocking(true)}>
            {t('access.block.open')}
          </Button>
        </Box>
      )}
      <BlockedFlatsFilters filters={blocked.list.filters} onApply={blocked.list.setFilters} onClear={blocked.list.clearFilters} />
      {blocked.empty && blocked.list.page === blocked.list.config.firstPage ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{blocked.filtered ? t('access.blocked.emptyFiltered') : t('access.blocked.empty')}</Typography>
        </Paper>
      ) : (
        <BlockedFlatsList
          blocked={blocked}
          actions={
            canWrite ? (
              <Button variant="contained" startIcon={<LockOpen />} disabled={!online || blocked.pending} onClick={() => setConfirming(true)}>
                {t('access.unblock')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Suspense>
        {confirming && (
          <ConfirmDialog
            open
            busy={blocked.pending}
            title={t('access.unblock.title')}
            text={t('access.unblock.text', { count: blocked.selected.size })}
            confirmLabel={t('access.unblock')}
            onConfirm={() => blocked.unblock(() => setConfirming(false))}
            onClose={() => setConfirming(false)}
          />
        )}
        {canWrite && blocking && <BlockDialog draft={draft} keep={setDraft} send={blocked.block} onClose={() => setBlocking(false)} online={online} />}
        {blocked.result && <StatusResultDialog result={blocked.result} onClose={blocked.closeResult} />}
      </Suspense>
    </>
  );
}
