import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CallRound } from '@contract/dialings';
import { PageSection } from '@/components/page-section';
import { PagedList } from '@/components/paged-list/paged-list';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { flatPath, formatDuration, outcomeText, outcomeTone } from '../model';
import type { DialingsModel } from '../use-dialings';
import { FirstLoad } from './first-load';
import { RouteSteps, RouteSummary } from './round-route';
import { ToneBadge } from './tone-badge';
import { pluralKey } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';

/** The device's calls, newest first, 50 a page: a table from 900 px, cards below; each route unfolds. */
export function RoundsSection({ model }: { model: DialingsModel }) {
  const t = useT();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const answer = model.answer;
  const capped = answer?.countCapped === true;
  return (
    <PageSection title={t('dialings.rounds.title')} count={answer?.pagination.totalCount}>
      <PagedList
        rowCount={model.rounds.length}
        loading={model.loading}
        loadingLabel={t('dialings.rounds.loading')}
        error={model.error}
        errorText={(error) => t('dialings.loadError', { error })}
        retry={{ label: t('dialings.retry'), onRetry: model.retry }}
        firstLoad={{ pending: model.pending, skeleton: <FirstLoad label={t('dialings.rounds.loading')} minHeight={320} /> }}
        emptyText={model.filtered ? t('dialings.rounds.noneFound') : t('dialings.rounds.none')}
        pager={{
          list: model.list,
          totalCount: answer?.pagination.totalCount ?? 0,
          pageSize: answer?.pagination.pageSize || 50,
          capped,
          rowCount: model.rounds.length,
          displayed: (range) => t(capped ? 'dialings.rounds.displayedCapped' : 'dialings.rounds.displayed', range),
          navLabel: t('dialings.rounds.title'),
        }}
      >
        {model.rounds.length > 0 && (cards ? <RoundCards rounds={model.rounds} /> : <RoundTable rounds={model.rounds} busy={model.loading} />)}
      </PagedList>
    </PageSection>
  );
}

/** Why a call failed or was cancelled says more than its badge; «Никто не ответил» under «Не ответили» would not. */
const hasOwnReason = (round: CallRound) => round.failureReason !== null && (round.outcome === 'failed' || round.outcome === 'cancelled');

function FlatLink({ round }: { round: CallRound }) {
  const t = useT();
  const text = t('dialings.flat', { flat: round.flatNum });
  if (!round.houseUid) return <>{text}</>;
  return (
    <Typography
      component={RouterLink}
      to={flatPath(round.houseUid, round.flatNum)}
      aria-label={t('dialings.flatCard', { flat: round.flatNum })}
      sx={{ color: 'primary.main', textDecorationColor: 'inherit', whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

function Outcome({ round }: { round: CallRound }) {
  const t = useT();
  return <ToneBadge tone={outcomeTone(round.outcome)}>{outcomeText(round.outcome, round.answeredBy, t)}</ToneBadge>;
}

/** The route in one line and the button that unfolds it step by step. */
function RouteLine({ round, open, onToggle }: { round: CallRound; open: boolean; onToggle: () => void }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <RouteSummary legs={round.legs} />
      </Box>
      <IconButton size="small" aria-expanded={open} aria-label={open ? t('dialings.route.hide') : t(pluralKey(language, 'dialings.route.show', round.legs.length), { count: round.legs.length })} onClick={onToggle}>
        {open ? <ExpandLess /> : <ExpandMore />}
      </IconButton>
    </Box>
  );
}

function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { open, toggle };
}

function RoundTable({ rounds, busy }: { rounds: readonly CallRound[]; busy: boolean }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { open, toggle } = useOpenRows();
  const none = t('dialings.none');
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('dialings.rounds.title')} aria-busy={busy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dialings.column.time')}</TableCell>
            <TableCell>{t('dialings.column.flat')}</TableCell>
            <TableCell>{t('dialings.column.outcome')}</TableCell>
            <TableCell align="right">{t('dialings.column.ring')}</TableCell>
            <TableCell align="right">{t('dialings.column.talk')}</TableCell>
            <TableCell sx={{ width: '40%' }}>{t('dialings.column.route')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rounds.map((round) => (
            <Fragment key={round.id}>
              <TableRow hover data-round={round.id} sx={open.has(round.id) ? { '& > td': { borderBottom: 0 } } : undefined}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(round.startedAt)}</TableCell>
                <TableCell>
                  <FlatLink round={round} />
                </TableCell>
                <TableCell>
                  <Outcome round={round} />
                  {hasOwnReason(round) && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                      {round.failureReason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDuration(round.ringSeconds, t)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {round.talkSeconds > 0 ? formatDuration(round.talkSeconds, t) : none}
                </TableCell>
                <TableCell>
                  <RouteLine round={round} open={open.has(round.id)} onToggle={() => toggle(round.id)} />
                </TableCell>
              </TableRow>
              {open.has(round.id) && (
                <TableRow data-route-of={round.id}>
                  <TableCell colSpan={6} sx={{ bgcolor: 'action.hover', py: 1.5 }}>
                    <RouteSteps legs={round.legs} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RoundCards({ rounds }: { rounds: readonly CallRound[] }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { open, toggle } = useOpenRows();
  return (
    <Box component="ul" aria-label={t('dialings.rounds.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rounds.map((round) => (
        <Paper component="li" key={round.id} variant="outlined" data-round={round.id} sx={{ p: 1.5, display: 'grid', gap: 0.75, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{dateTime(round.startedAt)}</Typography>
            <FlatLink round={round} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Outcome round={round} />
            <Typography variant="body2" color="text.secondary">
              {t('dialings.ring', { duration: formatDuration(round.ringSeconds, t) })}
              {round.talkSeconds > 0 && ` · ${t('dialings.talk', { duration: formatDuration(round.talkSeconds, t) })}`}
            </Typography>
          </Box>
          {hasOwnReason(round) && (
            <Typography variant="body2" color="text.secondary">
              {round.failureReason}
            </Typography>
          )}
          <RouteLine round={round} open={open.has(round.id)} onToggle={() => toggle(round.id)} />
          {open.has(round.id) && (
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <RouteSteps legs={round.legs} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
