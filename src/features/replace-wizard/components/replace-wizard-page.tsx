import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@/features/replace-wizard/messages';
import { useSession } from '@/lib/session';
import { getOfflineDb } from '@/offline/db';
import { newDraftId } from '@/offline/drafts';
import { useDraft } from '@/offline/use-draft';
import { defaultReplaceDraft, DRAFT_KIND, DRAFT_PARAM, parseStep } from '../model';
import { ReplaceScreen } from './replace-screen';

/**
 * /devices/replace-wizard (spec §2). The draft's id is in the URL (`?draft=<id>`): a reload or a
 * resume from the drafts list reopens the same draft; no id starts a new one.
 */
export function ReplaceWizardPage() {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);

  useEffect(() => {
    if (!draftId) setParams((current) => ({ ...Object.fromEntries(current), [DRAFT_PARAM]: newDraftId() }), { replace: true });
  }, [draftId, setParams]);

  const startNew = () => setParams({ [DRAFT_PARAM]: newDraftId() });

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.75rem' }, mb: { xs: 1, sm: 2 } }}>
        {t('replaceWizard.title')}
      </Typography>
      {draftId && session.userId !== null ? (
        <DraftLoader key={draftId} draftId={draftId} userId={session.userId} onStartNew={startNew} />
      ) : (
        <WizardSkeleton />
      )}
    </Box>
  );
}

function WizardSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={52} />
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}

function DraftLoader({ draftId, userId, onStartNew }: { draftId: string; userId: number; onStartNew: () => void }) {
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

  if (loaded.status === 'unreadable' || foreign) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={onStartNew}>
            {t('replaceWizard.startNew')}
          </Button>
        }
      >
        {loaded.status === 'unreadable' ? t('replaceWizard.draft.unreadable', { error: loaded.error }) : t('replaceWizard.draft.foreign')}
      </Alert>
    );
  }

  const stored = loaded.status === 'ok';
  return (
    <ReplaceScreen
      start={{
        draftId,
        userId,
        draft: stored ? loaded.draft.data : defaultReplaceDraft(),
        step: stored ? parseStep(loaded.draft.target.step) : 'old',
        storedStep: stored ? loaded.draft.target.step : undefined,
        stored,
        save,
        flush,
      }}
      onStartNew={onStartNew}
    />
  );
}
