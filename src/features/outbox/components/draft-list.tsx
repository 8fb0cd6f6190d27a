import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '@/features/outbox/messages';
import { useDateFormat } from '@/lib/dates';
import { useOfflineT } from '@/offline/offline-strings';
import type { DraftView } from '../model';
import { TechnicalDetails } from './technical-details';

interface DraftListProps {
  drafts: DraftView[];
  phone: boolean;
  onExport: (view: DraftView) => void;
  onDelete: (view: DraftView) => void;
}

function useTitle(): (view: DraftView) => string {
  const t = useT();
  const offlineT = useOfflineT();
  return (view) => (view.name ? offlineT(view.name.key, view.name.params) : view.title.trim() || t('drafts.untitled'));
}

/** The draft's step in words: «Адрес (2 из 4)». */
function useStepText(): (view: DraftView) => string | null {
  const t = useT();
  return ({ step }) => {
    if (step === null) return null;
    if (step.kind === 'done') return t('drafts.step.done');
    if (step.kind === 'unknown') return t('drafts.step.unknown');
    return t('drafts.step.of', { name: t(step.label), number: step.number, total: step.total });
  };
}

/** The wizard's name; the stored kind and step only in the folded details, for support staff. */
function KindText({ view }: { view: DraftView }) {
  const t = useT();
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t(view.kindLabel)}
      </Typography>
      {!view.readable && (
        <>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.5 }}>
            <ReportProblemOutlined fontSize="small" color="error" />
            <Typography variant="body2" color="error" sx={{ fontWeight: 500 }}>
              {t('drafts.unreadable')}
            </Typography>
          </Box>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.25 }}>
            {view.error}
          </Typography>
        </>
      )}
      <TechnicalDetails
        rows={[
          [t('drafts.details.kind'), view.kind],
          [t('drafts.details.step'), view.stepId],
          [t('drafts.details.id'), view.id],
          [t('drafts.details.version'), String(view.row.schemaVersion)],
        ]}
      />
    </>
  );
}

/** Resume (readable drafts only), export (always: an unreadable draft is still the installer's input), delete. */
function DraftActions({ view, buttons, onExport, onDelete }: { view: DraftView; buttons: boolean } & Pick<DraftListProps, 'onExport' | 'onDelete'>) {
  const t = useT();
  const title = useTitle()(view);
  const label = (action: string) => t('drafts.action.of', { action, title });
  const size = 'small' as const;
  const resume = view.resumePath && (
    <Button size={size} variant="contained" component={RouterLink} to={view.resumePath} startIcon={<PlayArrowOutlined />} aria-label={label(t('drafts.resume'))}>
      {t('drafts.resume')}
    </Button>
  );
  if (!buttons) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'flex-end' }}>
        {resume}
        <IconButton size={size} aria-label={label(t('drafts.export'))} title={t('drafts.export')} onClick={() => onExport(view)}>
          <FileDownloadOutlined fontSize="small" />
        </IconButton>
        <IconButton size={size} color="error" aria-label={label(t('drafts.delete'))} title={t('drafts.delete')} onClick={() => onDelete(view)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {resume}
      <Button size={size} variant="outlined" startIcon={<FileDownloadOutlined />} aria-label={label(t('drafts.export'))} onClick={() => onExport(view)}>
        {t('drafts.export')}
      </Button>
      <Button size={size} variant="outlined" color="error" startIcon={<DeleteOutline />} aria-label={label(t('drafts.delete'))} onClick={() => onDelete(view)}>
        {t('drafts.delete')}
      </Button>
    </Box>
  );
}

/** The drafts on this device, to resume; none is ever dropped silently. */
export function DraftList({ drafts, phone, onExport, onDelete }: DraftListProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const titleOf = useTitle();
  const stepOf = useStepText();

  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('drafts.title')}>
        {drafts.map((view) => (
          <Card key={view.id} component="li" variant="outlined" aria-label={titleOf(view)} sx={view.readable ? undefined : { borderColor: 'error.light' }}>
            <CardContent sx={{ display: 'grid', gap: 0.75, '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {titleOf(view)}
              </Typography>
              <KindText view={view} />
              {view.mac && <Typography variant="body2">{t('outbox.field.mac', { mac: view.mac })}</Typography>}
              {view.house && <Typography variant="body2">{t('outbox.field.house', { house: view.house })}</Typography>}
              {view.step && <Typography variant="body2">{t('drafts.field.step', { step: stepOf(view) ?? '' })}</Typography>}
              <Typography variant="body2" color="text.secondary">
                {t('drafts.field.updated', { date: dateTime(view.updatedAt) })}
              </Typography>
              <DraftActions view={view} buttons onExport={onExport} onDelete={onDelete} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('drafts.title')} sx={{ tableLayout: 'fixed', minWidth: 860, '& td, & th': { px: 1.25 } }}>
        <colgroup>
          <col style={{ width: '17%' }} />
          <col style={{ width: '21%' }} />
          <col style={{ width: 160 }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: 160 }} />
          <col style={{ width: 220 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>{t('drafts.column.title')}</TableCell>
            <TableCell>{t('drafts.column.kind')}</TableCell>
            <TableCell>{t('drafts.column.device')}</TableCell>
            <TableCell>{t('drafts.column.house')}</TableCell>
            <TableCell>{t('drafts.column.step')}</TableCell>
            <TableCell>{t('drafts.column.updated')}</TableCell>
            <TableCell align="right">{t('drafts.column.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts.map((view) => (
            <TableRow key={view.id} hover sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{titleOf(view)}</TableCell>
              <TableCell>
                <KindText view={view} />
              </TableCell>
              <TableCell>{view.mac ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{view.house ?? '—'}</TableCell>
              <TableCell>{stepOf(view) ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(view.updatedAt)}</TableCell>
              <TableCell align="right">
                <DraftActions view={view} buttons={false} onExport={onExport} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
