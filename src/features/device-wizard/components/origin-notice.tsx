import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import { getOfflineDb } from '@/offline/db';
import type { DeviceWizard, WizardStart } from '../use-device-wizard';

// Loaded when first needed: the route has a 250 KB budget.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

interface OriginNoticeProps {
  wizard: DeviceWizard;
  start: WizardStart;
  onStartNew: () => void;
}

/**
 * Where the fields came from: the device's settings, the defaults of a new device, or a draft
 * (which wins over the device, and says so). When the device can be read and the draft did not
 * start from it, the draft can be dropped to start from the device.
 */
export function OriginNotice({ wizard, start, onStartNew }: OriginNoticeProps) {
  const t = useT();
  const format = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const stored = useLiveQuery(() => getOfflineDb().drafts.get(start.draftId), [start.draftId]);
  const { draft, comparison, reading, view } = wizard;
  if (view.state !== 'none' && view.state !== 'needs-attention') return null;

  const deviceNow = comparison.kind === 'device' && comparison.live;
  const base = draft.base;
  let severity: AlertColor = 'info';
  let text: string;
  if (start.resumedAt !== undefined) {
    const date = format.dateTime(start.resumedAt);
    text = base ? t('deviceWizard.origin.draftFromDevice', { date, read: format.dateTime(base.readAt) }) : t('deviceWizard.origin.draft', { date });
  } else if (base && reading === 'offline') {
    // A new draft offline has settings only from its house taken offline.
    text = t('deviceWizard.origin.fromSaved', { read: format.dateTime(base.readAt), ago: format.ago(base.readAt, openedAt) });
  } else if (base) {
    text = t('deviceWizard.origin.fromDevice', { read: format.dateTime(base.readAt) });
  } else if (deviceNow) {
    severity = 'warning';
    text = t('deviceWizard.origin.readLater');
  } else if (comparison.kind === 'new') {
    text = t('deviceWizard.origin.new', { mac: draft.mac });
  } else {
    severity = 'warning';
    const reason = typeof reading === 'object' ? reading.error : t('deviceWizard.origin.notYet');
    text = reading === 'offline' ? t('deviceWizard.origin.unreadOffline') : t('deviceWizard.origin.unread', { reason: reason.replace(/[.\s]+$/, '') });
  }
  // Starting from the device drops the draft, and a save the server refused (e.g. a device that
  // turned out to be set up already); not once a save is on its way.
  const canRestart = deviceNow && !(start.resumedAt === undefined && base);
  const refused = view.state === 'needs-attention';
  const restart = async () => {
    setBusy(true);
    await wizard.discardDraft();
    setBusy(false);
    setConfirming(false);
    onStartNew();
  };

  const action = canRestart ? (
    <Button color="inherit" onClick={() => (stored || refused ? setConfirming(true) : void restart())} sx={{ minHeight: 44 }}>
      {t('deviceWizard.origin.restart')}
    </Button>
  ) : typeof reading === 'object' ? (
    <Button color="inherit" onClick={wizard.retryReading} sx={{ minHeight: 44 }}>
      {t('deviceWizard.origin.retry')}
    </Button>
  ) : undefined;

  return (
    <>
      <Alert
        severity={severity}
        role="status"
        aria-label={t('deviceWizard.origin.label')}
        sx={{
          mb: 2,
          // On a phone the button goes under the text, which stays beside the icon.
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
          '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, pt: 0, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end', alignItems: 'center' },
        }}
        action={action}
      >
        {text}
      </Alert>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            danger
            busy={busy}
            title={t('deviceWizard.origin.confirm.title')}
            text={t(refused ? 'deviceWizard.origin.confirm.refused' : 'deviceWizard.origin.confirm.text')}
            confirmLabel={t('deviceWizard.origin.confirm.ok')}
            onConfirm={() => void restart()}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </>
  );
}
