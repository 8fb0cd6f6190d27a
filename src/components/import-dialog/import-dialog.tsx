import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { IMPORT_FIELDS, IMPORT_REQUIRED, type ImportDryRun, type ImportFile, type ImportJob, type ImportKind, type ImportMapping, type ImportRow, type ImportStatus } from '@contract/imports';
import { useEffect, useId, useState } from 'react';
import { useServerText } from '@/i18n/i18n';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { ImportProblemError, applyImport, downloadCsv, dryRunImport, getImportJob, resultUrl, uploadImportFile, type ImportTarget } from './api';
import { rememberMapping, withRememberedMapping } from './mapping-memory';
import { pluralForm } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';
import { useT, type Translate } from './messages';
import { rowValuesText, rowWhyText } from './row-text';

type Stage =
  | { step: 'file'; busy: boolean; error: string | null }
  | { step: 'mapping'; file: ImportFile; mapping: ImportMapping; busy: boolean; error: string | null }
  | { step: 'dryRun'; file: ImportFile; mapping: ImportMapping; result: ImportDryRun; busy: boolean; error: string | null }
  | { step: 'apply'; file: ImportFile; job: ImportJob; total: number };

const STEPS = ['file', 'mapping', 'dryRun', 'apply'] as const;
const POLL_MS = 500;
const STATUS_COLOR: Record<ImportStatus, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  create: 'success',
  change: 'info',
  unchanged: 'default',
  refused: 'warning',
  failed: 'error',
};

function problemText(t: Translate, error: unknown): string {
  if (error instanceof ImportProblemError) return t(`import.problem.${error.problem}`);
  return t('import.error', { error: errorMessage(error) });
}


interface ImportDialogProps {
  /** What the rows go to: a house's flats or the keys of the user's devices. */
  target: ImportTarget;
  onClose: () => void;
  /** Called once a job has written something. */
  onImported: () => void;
}

/** Import with a dry run (docs/api.md "Import and export"): file → columns → dry run → job with progress → result. */
export function ImportDialog({ target, onClose, onImported }: ImportDialogProps) {
  const t = useT();
  const serverText = useServerText();
  const language = useLanguage();
  const kind: ImportKind = target.kind;
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { userId } = useSession();
  const [stage, setStage] = useState<Stage>({ step: 'file', busy: false, error: null });
  const running = stage.step === 'apply' && stage.job.state === 'running';
  const fields = IMPORT_FIELDS[kind];

  const jobId = stage.step === 'apply' && stage.job.state === 'running' ? stage.job.id : null;
  useEffect(() => {
    if (jobId === null) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      getImportJob(jobId, controller.signal).then(
        (job) => {
          setStage((current) => (current.step === 'apply' && current.job.id === job.id ? { ...current, job } : current));
          if (job.state !== 'running' && job.counts.create + job.counts.change > 0) onImported();
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [jobId, onImported]);

  async function choose(file: File) {
    setStage({ step: 'file', busy: true, error: null });
    try {
      const read = await uploadImportFile(kind, file);
      setStage({ step: 'mapping', file: read, mapping: withRememberedMapping(kind, userId, read), busy: false, error: null });
    } catch (error) {
      setStage({ step: 'file', busy: false, error: problemText(t, error) });
    }
  }

  async function runDry(file: ImportFile, mapping: ImportMapping) {
    setStage({ step: 'mapping', file, mapping, busy: true, error: null });
    rememberMapping(kind, userId, mapping);
    try {
      const result = await dryRunImport(target, file.id, mapping);
      setStage({ step: 'dryRun', file, mapping, result, busy: false, error: null });
    } catch (error) {
      setStage({ step: 'mapping', file, mapping, busy: false, error: problemText(t, error) });
    }
  }

  async function apply(file: ImportFile, mapping: ImportMapping, result: ImportDryRun) {
    setStage({ step: 'dryRun', file, mapping, result, busy: true, error: null });
    try {
      const job = await applyImport(target, file.id, mapping);
      setStage({ step: 'apply', file, job, total: result.counts.total });
    } catch (error) {
      setStage({ step: 'dryRun', file, mapping, result, busy: false, error: problemText(t, error) });
    }
  }

  const activeStep = stage.step === 'apply' && stage.job.state === 'done' ? STEPS.length : STEPS.indexOf(stage.step);
  const busy = stage.step !== 'apply' && stage.busy;

  return (
    <Dialog open onClose={running || busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={phone} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t(`import.title.${kind}`)}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={activeStep} sx={{ mb: 2, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}>
          {STEPS.map((step, index) => (
            <Step key={step}>
              {/* A phone has room for the current step's name only. */}
              <StepLabel aria-label={t(`import.step.${step}`)}>{!phone || index === activeStep ? t(`import.step.${step}`) : null}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {stage.step !== 'apply' && stage.error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {stage.error}
          </Alert>
        )}
        {busy && <LinearProgress sx={{ mb: 2 }} aria-label={t(stage.step === 'file' ? 'import.file.uploading' : 'import.dryRun.running')} />}

        {stage.step === 'file' && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2">
              {t('import.file.hint')} {t(`import.file.rows.${kind}`)}
            </Typography>
            <Button variant="contained" component="label" disabled={stage.busy} sx={{ minHeight: 44 }}>
              {stage.busy ? t('import.file.uploading') : t('import.file.choose')}
              <input
                hidden
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="import-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void choose(file);
                }}
              />
            </Button>
          </Stack>
        )}

        {stage.step === 'mapping' && (
          <Stack spacing={2}>
            <FileSummary file={stage.file} t={t} />
            <Typography variant="body2">{t('import.mapping.hint')}</Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${fields.length}, 1fr)` } }}>
              {fields.map((field) => {
                const required = IMPORT_REQUIRED[kind].includes(field);
                const value = stage.mapping[field] ?? '';
                return (
                  <TextField
                    key={field}
                    select
                    label={t(`import.field.${field}`)}
                    value={value}
                    required={required}
                    error={required && value === ''}
                    helperText={required ? t('import.mapping.required') : ' '}
                    onChange={(event) => setStage({ ...stage, mapping: { ...stage.mapping, [field]: event.target.value === '' ? null : event.target.value } })}
                  >
                    <MenuItem value="">{t('import.mapping.none')}</MenuItem>
                    {stage.file.headers.map((header, index) => (
                      <MenuItem key={`${header}-${index}`} value={header}>
                        {header || `#${index + 1}`}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              })}
            </Box>
            <Typography variant="subtitle2" component="h3">
              {t('import.mapping.sample')}
            </Typography>
            <Box sx={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role="region" aria-label={t('import.mapping.sample')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {stage.file.headers.map((header, index) => (
                      <TableCell key={index}>{header}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {stage.file.sample.map((row, rowIndex) => (
                    <TableRow key={rowIndex}>
                      {stage.file.headers.map((_header, index) => (
                        <TableCell key={index} sx={{ whiteSpace: 'nowrap', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {row[index] ?? ''}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}

        {stage.step === 'dryRun' && (
          <Stack spacing={2}>
            <FileSummary file={stage.file} t={t} />
            <Alert severity={stage.result.counts.refused > 0 ? 'warning' : 'info'} data-testid="import-summary">
              {t('import.dryRun.summary', { ...stage.result.counts })}
              {stage.result.counts.create + stage.result.counts.change === 0 && <> {t('import.dryRun.nothing')}</>}
            </Alert>
            {stage.result.truncated && <Typography variant="body2">{t('import.dryRun.truncated', { count: stage.result.rows.length })}</Typography>}
            <ImportRows rows={stage.result.rows} kind={kind} phone={phone} t={t} />
          </Stack>
        )}

        {stage.step === 'apply' && (
          <Stack spacing={2}>
            {stage.job.state === 'running' && (
              <>
                <Typography role="status">{t('import.apply.running', { processed: stage.job.processed })}</Typography>
                <LinearProgress
                  variant="determinate"
                  value={stage.total > 0 ? Math.min(100, (100 * stage.job.processed) / stage.total) : 0}
                  aria-label={t('import.apply.running', { processed: stage.job.processed })}
                />
              </>
            )}
            {stage.job.state === 'done' && (
              <Alert severity={stage.job.counts.failed + stage.job.counts.refused > 0 ? 'warning' : 'success'} data-testid="import-done">
                {t('import.apply.done', { ...stage.job.counts })}
              </Alert>
            )}
            {stage.job.state === 'failed' && <Alert severity="error">{t('import.apply.failed', { error: stage.job.message === null ? '' : serverText({ ...stage.job, message: stage.job.message }) })}</Alert>}
            {stage.job.state !== 'running' && (
              <Box>
                <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => void downloadCsv(resultUrl(stage.job.id), `import-${kind}-result.csv`)}>
                  {t('import.apply.result')}
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(stage.step === 'mapping' || stage.step === 'dryRun') && (
          <Button
            disabled={busy}
            onClick={() =>
              setStage(stage.step === 'dryRun' ? { step: 'mapping', file: stage.file, mapping: stage.mapping, busy: false, error: null } : { step: 'file', busy: false, error: null })
            }
          >
            {t('import.back')}
          </Button>
        )}
        <Button onClick={onClose} disabled={running || busy}>
          {t('import.close')}
        </Button>
        {stage.step === 'mapping' && (
          <Button
            variant="contained"
            disabled={stage.busy || IMPORT_REQUIRED[kind].some((field) => !stage.mapping[field])}
            onClick={() => void runDry(stage.file, stage.mapping)}
          >
            {t('import.dryRun.run')}
          </Button>
        )}
        {stage.step === 'dryRun' && (
          <Button
            variant="contained"
            disabled={stage.busy || stage.result.counts.create + stage.result.counts.change === 0}
            onClick={() => void apply(stage.file, stage.mapping, stage.result)}
          >
            {t(`import.dryRun.apply.${pluralForm(language, stage.result.counts.create + stage.result.counts.change)}`, { count: stage.result.counts.create + stage.result.counts.change })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function FileSummary({ file, t }: { file: ImportFile; t: Translate }) {
  const separator = file.separator === '\t' ? t('import.separator.tab') : `«${file.separator}»`;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {t('import.file.read', { name: file.name ?? '', format: file.format.toUpperCase(), encoding: file.encoding, separator, columns: file.headers.length })}
    </Typography>
  );
}

function ImportRows({ rows, kind, phone, t }: { rows: readonly ImportRow[]; kind: ImportKind; phone: boolean; t: Translate }) {
  if (rows.length === 0) return null;
  const values = (row: ImportRow) => rowValuesText(t, kind, row);
  const rowWhy = (row: ImportRow) => rowWhyText(t, row);
  const chip = (row: ImportRow) => <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`import.status.${row.status}`)} />;
  if (phone) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="import-rows">
        {rows.map((row) => (
          <Paper component="li" key={row.line} variant="outlined" sx={{ p: 1.5 }} data-status={row.status}>
            <Stack direction="row" spacing={1} sx={{ mb: 0.5, alignItems: 'center' }}>
              <Typography variant="body2">
                {t('import.column.line')} {row.line}
              </Typography>
              {chip(row)}
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {values(row)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {rowWhy(row)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" data-testid="import-rows">
      <TableHead>
        <TableRow>
          <TableCell>{t('import.column.line')}</TableCell>
          <TableCell>{t('import.column.status')}</TableCell>
          <TableCell>{t('import.column.values')}</TableCell>
          <TableCell>{t('import.column.why')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.line} data-status={row.status}>
            <TableCell>{row.line}</TableCell>
            <TableCell>{chip(row)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{values(row)}</TableCell>
            <TableCell>{rowWhy(row)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
