import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Refresh from '@mui/icons-material/Refresh';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { House } from '@contract/houses';
import { useT, type Translate } from '@/features/house-snapshot/messages';
import type { SnapshotAge } from '../model';
import { useHouseSnapshot } from '../use-house-snapshot';

// Loaded when first needed: most visits never delete a snapshot, and the wizard route has a budget.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** "5 мин назад"; `short` ("5 мин") for a table cell, whose column says what the age is of. */
export function ageText(t: Translate, age: SnapshotAge, short = false): string {
  switch (age.unit) {
    case 'now':
      return short ? t('houseSnapshot.ageShort.now') : t('houseSnapshot.age.now');
    case 'minutes':
      return t(short ? 'houseSnapshot.ageShort.minutes' : 'houseSnapshot.age.minutes', { value: age.value });
    case 'hours':
      return t(short ? 'houseSnapshot.ageShort.hours' : 'houseSnapshot.age.hours', { value: age.value });
    case 'days':
      return t(short ? 'houseSnapshot.ageShort.days' : 'houseSnapshot.age.days', { value: age.value });
  }
}

interface HouseOfflineControlProps {
  house: House;
  /** 'row': one line for a table cell; 'block': a full sentence with a labelled button (the wizard). */
  variant?: 'row' | 'block';
}

/**
 * "Take this house offline" and, once taken, how old the saved copy is, with refresh and delete
 * (delete asks first). Saving needs the server; the saved copy is what the wizard uses without it.
 */
export function HouseOfflineControl({ house, variant = 'block' }: HouseOfflineControlProps) {
  const t = useT();
  const state = useHouseSnapshot(house);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const row = variant === 'row';

  if (state.snapshot === undefined) return null;

  const deleteDialog = confirming && (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={confirming}
        danger
        busy={deleting}
        title={t('houseSnapshot.delete.title')}
        text={t('houseSnapshot.delete.text', { address: house.address })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => {
          setDeleting(true);
          void state.remove().finally(() => {
            setDeleting(false);
            setConfirming(false);
          });
        }}
        onClose={() => setConfirming(false)}
      />
    </Suspense>
  );

  if (state.snapshot === null) {
    const label = t('houseSnapshot.take.for', { address: house.address });
    const button = (
      <Button
        size={row ? 'small' : 'large'}
        variant={row ? 'text' : 'outlined'}
        startIcon={state.saving ? <CircularProgress size={16} /> : <CloudDownloadOutlined />}
        disabled={!state.canSave || state.saving}
        onClick={state.save}
        aria-label={label}
        sx={row ? undefined : { alignSelf: 'flex-start' }}
      >
        {row ? t('houseSnapshot.take.short') : t('houseSnapshot.take')}
      </Button>
    );
    // A native tooltip: MUI's Tooltip would bring a popper into the wizard's bundle.
    return state.canSave ? button : <span title={t('houseSnapshot.offline')}>{button}</span>;
  }

  const age = state.age ? ageText(t, state.age) : '';
  const shortAge = state.age ? ageText(t, state.age, true) : '';
  const unreadable = state.snapshot.status === 'unreadable' ? state.snapshot.error : null;
  const warn = state.stale || unreadable !== null;
  const sentence = t('houseSnapshot.savedAgo', { age });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flexWrap: row ? 'nowrap' : 'wrap' }}>
      {warn ? <WarningAmberOutlined fontSize="small" color="warning" /> : <OfflinePinOutlined fontSize="small" color="success" />}
      <Typography
        variant="body2"
        component="span"
        title={sentence}
        sx={{ flex: row ? '0 1 auto' : 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: row ? 'nowrap' : 'normal' }}
      >
        {row ? shortAge : sentence}
        {!row && unreadable && ` — ${t('houseSnapshot.unreadable', { error: unreadable })}`}
        {!row && !unreadable && state.stale && ` — ${t('houseSnapshot.stale')}`}
      </Typography>
      <span title={state.canSave ? t('houseSnapshot.refresh') : t('houseSnapshot.offline')}>
        <IconButton
            size={row ? 'small' : 'medium'}
            aria-label={t('houseSnapshot.refresh.for', { address: house.address })}
            disabled={!state.canSave || state.saving}
            onClick={state.save}
          >
          {state.saving ? <CircularProgress size={18} /> : <Refresh fontSize="small" />}
        </IconButton>
      </span>
      <IconButton
        size={row ? 'small' : 'medium'}
        title={t('houseSnapshot.delete')}
        aria-label={t('houseSnapshot.delete.for', { address: house.address })}
        onClick={() => setConfirming(true)}
      >
        <DeleteOutlineOutlined fontSize="small" />
      </IconButton>
      {deleteDialog}
    </Box>
  );
}

/** For a table row (the house list). */
export function HouseOfflineRowControl({ house }: { house: House }) {
  return <HouseOfflineControl house={house} variant="row" />;
}

/** Under a picker (the serial-number wizard). */
export function HouseOfflineBlockControl({ house }: { house: House }) {
  return <HouseOfflineControl house={house} variant="block" />;
}
