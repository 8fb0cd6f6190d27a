import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FeatureTranslate } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import { getOfflineDb, type DraftKind } from '@/offline/db';
import { newDraftId, type Draft } from '@/offline/drafts';
import { DRAFT_PARAM, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { useDraft } from '@/offline/use-draft';

/** The feature's strings this page shows, under the feature's own prefix. */
export type WizardDraftPageKey<P extends string> = `${P}.startNew` | `${P}.draft.unreadable` | `${P}.draft.foreign`;

interface WizardDraftPageProps<K extends DraftKind, P extends string> {
  kind: K;
  title: ReactNode;
  maxWidth: number;
  t: FeatureTranslate<WizardDraftPageKey<P>>;
  prefix: P;
  /** Shown while the draft is read (the feature's choice: the route budget counts it). */
  loading: ReactNode;
  /** Shown instead of the wizard, e.g. for a bad URL. */
  blocked?: ReactNode;
  /** Shown above the wizard once the draft's id is known. */
  aside?: (draftId: string, userId: number) => ReactNode;
  /** Why a stored draft cannot be opened here, or null. */
  refuse?: (resumed: Draft<K>) => string | null;
  children: (session: WizardDraftSession<K>, resumed: Draft<K> | null, onStartNew: () => void) => ReactNode;
}

/**
 * A wizard's page: the draft's id is in the URL (`?draft=<id>`), so a reload, a resume from the
 * drafts list or an app update reopens the same draft at its step; no id starts a new draft.
 */
export function WizardDraftPage<K extends DraftKind, P extends string>(props: WizardDraftPageProps<K, P>) {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);

  useEffect(() => {
    if (!draftId) setParams((current) => ({ ...Object.fromEntries(current), [DRAFT_PARAM]: newDraftId() }), { replace: true });
  }, [draftId, setParams]);

  const startNew = () => setParams({ [DRAFT_PARAM]: newDraftId() });

  return (
    <Box sx={{ maxWidth: props.maxWidth, mx: 'auto' }}>
      {/* The shared PageHeader's size takes three lines of a phone for a wizard's long title. */}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.75rem' }, mb: { xs: 1, sm: 2 }, overflowWrap: 'anywhere' }}>
        {props.title}
      </Typography>
      {props.blocked ??
        (draftId && session.userId !== null ? (
          <>
            {props.aside?.(draftId, session.userId)}
            <DraftLoader key={draftId} {...props} draftId={draftId} userId={session.userId} onStartNew={startNew} />
          </>
        ) : (
          props.loading
        ))}
    </Box>
  );
}

type DraftLoaderProps<K extends DraftKind, P extends string> = WizardDraftPageProps<K, P> & { draftId: string; userId: number; onStartNew: () => void };

function DraftLoader<K extends DraftKind, P extends string>({ kind, t, prefix, loading, refuse, children, draftId, userId, onStartNew }: DraftLoaderProps<K, P>) {
  const { loaded, save, flush } = useDraft({ kind, id: draftId, userId });
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

  if (loaded === undefined || (loaded.status === 'missing' && foreign === null)) return loading;
  const resumed = loaded.status === 'ok' ? loaded.draft : null;
  const problem =
    loaded.status === 'unreadable'
      ? t(`${prefix}.draft.unreadable`, { error: loaded.error })
      : foreign
        ? t(`${prefix}.draft.foreign`)
        : resumed && refuse
          ? refuse(resumed)
          : null;
  if (problem !== null) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={onStartNew}>
            {t(`${prefix}.startNew`)}
          </Button>
        }
      >
        {problem}
      </Alert>
    );
  }
  return children({ draftId, userId, stored: resumed !== null, save, flush }, resumed, onStartNew);
}
