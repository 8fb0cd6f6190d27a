import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageFallback } from '@/app/page-fallback';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import type { House } from '@contract/houses';
import { useT } from '@/features/serial-number-wizard/messages';
import { useSession } from '@/lib/session';
import { getOfflineDb } from '@/offline/db';
import { newDraftId } from '@/offline/drafts';
import { useDraft } from '@/offline/use-draft';
import { DRAFT_KIND, DRAFT_PARAM, parseStep } from '../model';
import { WizardScreen } from './wizard-screen';

/** Where the app plugs in "take this house offline" (the house-snapshot feature; composed in src/app). */
export type HouseOfflineSlot = ComponentType<{ house: House }>;

interface PageProps {
  houseOffline?: HouseOfflineSlot;
}

/**
 * /devices/serial-number-wizard (spec §2). The draft's id is in the URL (`?draft=<id>`), so a
 * reload, a resume from the drafts list or an app update reopens the same draft; opening the
 * wizard without one starts a new draft.
 */
export function SerialNumberWizardPage({ houseOffline }: PageProps) {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);

  useEffect(() => {
    if (!draftId) setParams((current) => ({ ...Object.fromEntries(current), [DRAFT_PARAM]: newDraftId() }), { replace: true });
  }, [draftId, setParams]);

  const startNew = () => setParams({ [DRAFT_PARAM]: newDraftId() });

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      {/* The shared PageHeader's size takes three lines of a phone for this long title. */}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.75rem' }, mb: { xs: 1, sm: 2 } }}>
        {t('serialWizard.title')}
      </Typography>
      {draftId && session.userId !== null ? (
        <DraftLoader key={draftId} draftId={draftId} userId={session.userId} houseOffline={houseOffline} onStartNew={startNew} />
      ) : (
        <PageFallback />
      )}
    </Box>
  );
}

/** Builds the page with the house-snapshot control in the house picker. */
export function withHouseOffline(houseOffline: HouseOfflineSlot): ComponentType {
  return function SerialNumberWizardRoute() {
    return <SerialNumberWizardPage houseOffline={houseOffline} />;
  };
}


interface DraftLoaderProps {
  draftId: string;
  userId: number;
  houseOffline?: HouseOfflineSlot;
  onStartNew: () => void;
}

function DraftLoader({ draftId, userId, houseOffline, onStartNew }: DraftLoaderProps) {
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

  if (loaded === undefined || (loaded.status === 'missing' && foreign === null)) return <PageFallback />;

  if (loaded.status === 'unreadable' || foreign) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={onStartNew}>
            {t('serialWizard.startNew')}
          </Button>
        }
      >
        {loaded.status === 'unreadable' ? t('serialWizard.draft.unreadable', { error: loaded.error }) : t('serialWizard.draft.foreign')}
      </Alert>
    );
  }

  const stored = loaded.status === 'ok';
  return (
    <WizardScreen
      start={{
        draftId,
        userId,
        draft: stored ? loaded.draft.data : defaultSerialNumberDraft(),
        step: stored ? parseStep(loaded.draft.target.step) : 'device',
        storedStep: stored ? loaded.draft.target.step : undefined,
        stored,
        save,
        flush,
      }}
      houseOffline={houseOffline}
      onStartNew={onStartNew}
    />
  );
}
