import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ACCESS_RULES } from '@/app/access-rules';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { useDateFormat } from '@/lib/dates';
import { deviceCardPath } from '@/lib/device-paths';
import { useSession } from '@/lib/session';
import { useT } from '../messages';
import type { Cell } from '../model';
import { commutatorQueries } from '../queries';
import { useCommutators, type CommutatorsScreen } from '../use-commutators';
import { AbonentUnits } from './abonent-units';
import { DeviceRead } from './device-read';
import { MatrixChecks } from './matrix-checks';
import { MatrixGrid } from './matrix-grid';
import { MatrixPickers } from './matrix-pickers';
import { useServerText } from '@/i18n/i18n';
import { jobErrorOf } from '@/offline/db';

// Dialogs load on first opening: the screen's first view carries the grid only.
const FillDialog = lazy(() => import('./fill-dialog').then((m) => ({ default: m.FillDialog })));
const CopyDialog = lazy(() => import('./copy-dialog').then((m) => ({ default: m.CopyDialog })));
const CommutatorTabs = lazy(() => import('./commutator-tabs').then((m) => ({ default: m.CommutatorTabs })));

/** /devices/:mac/commutators: the commutation matrix of a panel (docs/api.md "Commutators"). */
export function CommutatorsPage() {
  const { mac = '' } = useParams();
  return <CommutatorsScreenView key={mac} mac={mac} />;
}

const ORIGIN: Cell = { row: 0, column: 0 };

function CommutatorsScreenView({ mac }: { mac: string }) {
  const t = useT();
  const screen = useCommutators(mac);
  const { query, answer, current } = screen;

  return (
    <>
      <PageHeader
        title={t('commutators.title')}
        actions={
          <Button component={RouterLink} to={deviceCardPath(mac)} startIcon={<ArrowBackIcon />}>
            {t('commutators.back')}
          </Button>
        }
      />
      {answer && current ? (
        <MatrixScreen mac={mac} screen={screen} />
      ) : screen.missingOffline ? (
        <Alert severity="warning">{t('commutators.notSavedOffline')}</Alert>
      ) : query.isPending ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      ) : (
        <PageLoadError error={query.error} message={(error) => t('commutators.loadError', { error })} retryLabel={t('commutators.retry')} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}

function MatrixScreen({ mac, screen }: { mac: string; screen: CommutatorsScreen }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { answer, current, check, flatRange, canEdit, online, draft, job } = screen;
  const [position, setPosition] = useState(0);
  const [active, setActive] = useState<Cell>(ORIGIN);
  const [highlightFlat, setHighlightFlat] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'fill' | 'copy' | null>(null);
  const { setCellValue } = screen;
  const commutatorPosition = Math.min(position, (current?.commutators.length ?? 1) - 1);
  const onChange = useCallback((cell: Cell, value: number) => setCellValue(commutatorPosition, cell, value), [setCellValue, commutatorPosition]);
  if (!answer || !current) return null;

  const commutator = current.commutators[commutatorPosition];
  const hasMatrix = current.model !== null && current.size > 0 && commutator !== undefined && commutator.matrix.length > 0;
  // A matrix waiting in the queue is not changed under it (as a wizard's queued job).
  const readOnly = !canEdit || job.holds;
  const errors = check.problems.size > 0;
  const address = answer.device.houses[0];

  // Right under the grid (and above the units on a phone), so Save is never a long scroll away.
  const actions = (
    <>
      {screen.saveError && <Alert severity="error">{t('commutators.saveError', { error: screen.saveError })}</Alert>}
      {screen.saved && screen.owed === undefined && <Alert severity="success">{t('commutators.saved')}</Alert>}
      {screen.owed !== undefined && <Alert severity="warning">{t('commutators.savedOwed', { reason: screen.owed || '—' })}</Alert>}
      {canEdit && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={job.holds || !screen.dirty || errors || screen.saving || (!hasMatrix && current.model !== null)} onClick={screen.save}>
            {screen.saving ? t('commutators.saving') : t('commutators.save')}
          </Button>
          <Button variant="outlined" disabled={!hasMatrix || readOnly} onClick={() => setDialog('fill')}>
            {t('commutators.fill')}
          </Button>
          <Button variant="outlined" disabled={!online || !hasMatrix || errors} onClick={() => setDialog('copy')}>
            {t('commutators.copy')}
          </Button>
          <DeviceRead mac={mac} screen={screen} />
        </Stack>
      )}
      {errors && canEdit && <Typography color="error">{t('commutators.saveBlocked')}</Typography>}
    </>
  );

  return (
    <Stack spacing={2}>
      <DeviceHeader mac={answer.mac} houseUid={address ?? null} flatRange={flatRange} />
      {!online && <Alert severity="warning">{t('commutators.offline')}</Alert>}
      {screen.savedAt !== null && <SavedCopyNotice savedAt={screen.savedAt} />}
      <MatrixJobNotice job={job} />
      {!canEdit && <Alert severity="info">{t('commutators.readOnly')}</Alert>}
      {draft.offer && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={screen.restoreDraft}>
                {t('commutators.draft.restore')}
              </Button>
              <Button color="inherit" size="small" onClick={() => void draft.discard()}>
                {t('commutators.draft.discard')}
              </Button>
            </Stack>
          }
        >
          {t('commutators.draft.offer', { time: dateTime(draft.offer.updatedAt) })}
          {draft.offer.serverChanged && ` ${t('commutators.draft.serverChanged')}`}
        </Alert>
      )}

      <MatrixPickers
        model={current.model}
        size={current.size}
        commutationModels={answer.commutationModels}
        disabled={readOnly}
        onChange={screen.resize}
      />
      {current.commutators.length > 1 && (
        <Suspense fallback={null}>
          <CommutatorTabs commutators={current.commutators} position={commutatorPosition} onChange={setPosition} />
        </Suspense>
      )}

      {!hasMatrix ? (
        <>
          <Alert severity="info">{canEdit ? t('commutators.empty.pick') : t('commutators.empty')}</Alert>
          {actions}
        </>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, gap: 2, alignItems: 'flex-start' }}>
          <Stack spacing={2} sx={{ minWidth: 0, maxWidth: '100%', flex: '1 1 auto' }}>
            <MatrixGrid
              matrix={commutator.matrix}
              index={commutator.index}
              problems={check.problems}
              readOnly={readOnly}
              active={active}
              highlightFlat={highlightFlat}
              onActive={setActive}
              onChange={onChange}
            />
            <MatrixChecks check={check} flatRange={flatRange} />
            {actions}
          </Stack>
          {/* The units are read live: a matrix saved for offline work has none to show. */}
          {screen.savedAt === null && (
            <Box sx={{ width: { xs: '100%', lg: 340 }, flex: 'none' }}>
              <AbonentUnits mac={mac} highlightFlat={highlightFlat} onHighlight={setHighlightFlat} />
            </Box>
          )}
        </Box>
      )}


      <Suspense fallback={null}>
        {dialog === 'fill' && commutator && (
          <FillDialog
            matrix={commutator.matrix}
            flatRange={flatRange}
            start={active}
            onFill={(options) => {
              screen.fill(commutatorPosition, options);
              setDialog(null);
            }}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'copy' && <CopyDialog source={answer} state={current} onClose={() => setDialog(null)} />}
      </Suspense>
    </Stack>
  );
}

/** The matrix shown is the one saved for offline work: when, and how long ago. */
function SavedCopyNotice({ savedAt }: { savedAt: number }) {
  const t = useT();
  const { dateTime, ago } = useDateFormat();
  const [now] = useState(() => Date.now());
  return <Alert severity="info">{t('commutators.savedCopy', { time: dateTime(savedAt), ago: ago(savedAt, now) })}</Alert>;
}

/** Where a matrix saved into the queue is: waiting, being sent, refused (with the server's words) or sent. */
function MatrixJobNotice({ job }: { job: CommutatorsScreen['job'] }) {
  const t = useT();
  const serverText = useServerText();
  const link = (
    <Button color="inherit" size="small" component={RouterLink} to="/outbox" sx={{ minHeight: 44 }}>
      {t('commutators.job.open')}
    </Button>
  );
  const { pending } = job;
  if (pending) {
    if (pending.status === 'needs-attention') {
      const pendingError = jobErrorOf(pending);
      return (
        <Alert severity="error" action={link}>
          {t('commutators.job.needsAttention', { error: pendingError === null ? '—' : serverText(pendingError) })}
        </Alert>
      );
    }
    const text = pending.status === 'sending' ? t('commutators.job.sending') : pending.status === 'paused' ? t('commutators.job.paused') : t('commutators.job.queued');
    return (
      <Alert severity={pending.status === 'paused' ? 'warning' : 'info'} action={link}>
        {text}
      </Alert>
    );
  }
  return job.sentHere ? <Alert severity="success">{t('commutators.job.sent')}</Alert> : null;
}

function DeviceHeader({ mac, houseUid, flatRange }: { mac: string; houseUid: string | null; flatRange: CommutatorsScreen['flatRange'] }) {
  const t = useT();
  // The house's address is read only by those who may open the house (not installers: the server refuses them).
  const readsHouse = ACCESS_RULES.housing.allows(useSession());
  const address = useQuery({ ...commutatorQueries.address(houseUid ?? ''), enabled: houseUid !== null && readsHouse });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
      <Typography>
        <strong>{t('commutators.device')}</strong> {mac}
      </Typography>
      {address.data && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <strong>{t('commutators.address')}</strong> {address.data}
        </Typography>
      )}
      <Typography>
        <strong>{t('commutators.range')}</strong>{' '}
        {flatRange
          ? t('commutators.range.value', {
              entrance: flatRange.entranceTitle ?? t('commutators.range.entrance', { number: flatRange.entranceNum ?? '—' }),
              first: flatRange.firstFlat,
              last: flatRange.lastFlat,
            })
          : t('commutators.range.none')}
      </Typography>
    </Box>
  );
}
