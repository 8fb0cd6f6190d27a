import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import { useT } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { getOfflineDb } from '@/offline/db';
import { newDraftId } from '@/offline/drafts';
import { useDraft } from '@/offline/use-draft';
import { DONE_STEP, DRAFT_KIND, DRAFT_PARAM, FIRST_STEP, newDraft, parseStep } from '../model';
import { WizardScreen } from './wizard-screen';

/**
 * /devices/:mac/wizard (spec §2): the set-up wizard of the device in the URL. The draft's id is
 * in the URL (`?draft=<id>`), so a reload, a resume from the drafts list or an app update reopens
 * the same draft; opening the wizard without one starts a new draft (and offers an unsent one of
 * the same device).
 */
export function DeviceWizardPage() {
  const t = useT();
  const session = useSession();
  const { mac: rawMac = '' } = useParams();
  const mac = normalizeMac(rawMac);
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);

  useEffect(() => {
    if (!draftId) setParams((current) => ({ ...Object.fromEntries(current), [DRAFT_PARAM]: newDraftId() }), { replace: true });
  }, [draftId, setParams]);

  const startNew = () => setParams({ [DRAFT_PARAM]: newDraftId() });

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.75rem' }, mb: { xs: 1, sm: 2 }, overflowWrap: 'anywhere' }}>
        {mac ? t('deviceWizard.title', { mac }) : t('deviceWizard.titleNoMac')}
      </Typography>
      {!mac ? (
        <Alert severity="error">{t('deviceWizard.badMac', { mac: rawMac })}</Alert>
      ) : draftId && session.userId !== null ? (
        <>
          <OtherDraft mac={mac} userId={session.userId} draftId={draftId} />
          <DraftLoader key={draftId} mac={mac} draftId={draftId} userId={session.userId} buyerId={session.buyerId} onStartNew={startNew} />
        </>
      ) : (
        <WizardSkeleton />
      )}
    </Box>
  );
}

function WizardSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}

/** An unsent draft of the same device, offered while a new one is open (read raw: no other wizard's structs load). */
function OtherDraft({ mac, userId, draftId }: { mac: string; userId: number; draftId: string }) {
  const t = useT();
  const format = useDateFormat();
  const other = useLiveQuery(
    () =>
      getOfflineDb()
        .drafts.where('userId')
        .equals(userId)
        .filter((row) => row.kind === DRAFT_KIND && row.id !== draftId && row.target.mac === mac && row.target.step !== DONE_STEP)
        .reverse()
        .sortBy('updatedAt'),
    [userId, mac, draftId],
  );
  const current = useLiveQuery(() => getOfflineDb().drafts.get(draftId), [draftId]);
  const latest = other?.[0];
  // Offered only while the open draft is new (nothing typed yet).
  if (!latest || current !== undefined) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" component={RouterLink} to={`?${DRAFT_PARAM}=${encodeURIComponent(latest.id)}`} sx={{ minHeight: 44 }}>
          {t('deviceWizard.draft.resume')}
        </Button>
      }
    >
      {t('deviceWizard.draft.existing', { step: String(latest.target.step ?? FIRST_STEP), date: format.dateTime(latest.updatedAt) })}
    </Alert>
  );
}

interface DraftLoaderProps {
  mac: string;
  draftId: string;
  userId: number;
  buyerId: number | null;
  onStartNew: () => void;
}

function DraftLoader({ mac, draftId, userId, buyerId, onStartNew }: DraftLoaderProps) {
  const t = useT();
  const { loaded, save, flush } = useDraft({ kind: DRAFT_KIND, id: draftId, userId });
  // An id in the URL that names another user's draft reads as missing; writing it would overwrite theirs.
  const [foreign, setForeign] = useState<boolean | null>(null);
  useEffect(() => {
    if (loaded?.status !== 'missing') return;
    let current = true;
    void getOfflineDb()
      .drafts.get(draftId)
      .then((row) => {
        if (current) setForeign(row !== undefined);
      });
    return () => {
      current = false;
    };
  }, [loaded, draftId]);

  if (loaded === undefined || (loaded.status === 'missing' && foreign === null)) return <WizardSkeleton />;

  const storedMac = loaded.status === 'ok' ? (normalizeMac(loaded.draft.data.mac) ?? loaded.draft.data.mac) : mac;
  if (loaded.status === 'unreadable' || foreign || storedMac !== mac) {
    const text =
      loaded.status === 'unreadable'
        ? t('deviceWizard.draft.unreadable', { error: loaded.error })
        : foreign
          ? t('deviceWizard.draft.foreign')
          : t('deviceWizard.draft.otherMac', { mac: storedMac });
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={onStartNew}>
            {t('deviceWizard.startNew')}
          </Button>
        }
      >
        {text}
      </Alert>
    );
  }

  const stored = loaded.status === 'ok';
  return (
    <WizardScreen
      start={{
        draftId,
        userId,
        buyerId,
        draft: stored ? loaded.draft.data : newDraft(mac),
        step: stored ? parseStep(loaded.draft.target.step) : FIRST_STEP,
        storedStep: stored ? loaded.draft.target.step : undefined,
        stored,
        save,
        flush,
      }}
      onStartNew={onStartNew}
    />
  );
}
