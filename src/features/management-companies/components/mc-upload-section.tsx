import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import Replay from '@mui/icons-material/Replay';
import Router from '@mui/icons-material/RouterOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import type { McUpload } from '@contract/mc';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/management-companies/messages';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { uploadPercent } from '../model';
import type { McPageModel } from '../use-mc-page';

// The device picker (a dialog) loads when it is opened.
const McDeviceDialog = lazy(() => import('./mc-device-dialog').then((module) => ({ default: module.McDeviceDialog })));
// The failed devices' table loads only when there are any.
const McUploadFailures = lazy(() => import('./mc-upload-failures').then((module) => ({ default: module.McUploadFailures })));

/** «Выгрузить на все устройства / на одно», the latest upload's progress, its failed devices and their retry. */
export function McUploadSection({ id, model }: { id: number; model: McPageModel }) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const upload = model.upload.data ?? null;
  const running = upload?.running ?? false;
  const busy = !model.online || !model.company.data?.active || running || model.start.isPending || model.retry.isPending;
  const name = model.company.data?.name ?? '';
  const { devices, countError } = model.uploadAll;
  const uploadAllText = countError
    ? t('mc.upload.all.countError', { name, error: countError })
    : devices === null
      ? t('mc.upload.all.counting', { name })
      : devices === 0
        ? t('mc.upload.noDevices')
        : t('mc.upload.all.text', { name, devices });
  return (
    <PageSection
      title={t('mc.section.upload')}
      actions={
        model.canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<CloudUpload />} disabled={busy} onClick={model.uploadAll.ask} sx={{ minHeight: 40 }}>
              {t('mc.upload.all')}
            </Button>
            <Button variant="outlined" startIcon={<Router />} disabled={busy} onClick={() => setPicking(true)} sx={{ minHeight: 40 }}>
              {t('mc.upload.one')}
            </Button>
          </Box>
        )
      }
    >
      {model.upload.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : model.upload.isError && !upload ? (
        <Alert severity="error">{t('mc.upload.statusError', { error: errorMessage(model.upload.error) })}</Alert>
      ) : upload === null ? (
        <Typography color="text.secondary">{t('mc.upload.never')}</Typography>
      ) : (
        <McUploadProgress
          upload={upload}
          retry={
            model.canEdit && !running && upload.failed > 0 ? (
              <Button variant="outlined" color="warning" startIcon={<Replay />} disabled={busy} onClick={() => model.retry.mutate()} sx={{ minHeight: 40 }}>
                {t('mc.upload.retry')}
              </Button>
            ) : null
          }
        />
      )}
      <LazyConfirmDialog
        open={model.uploadAll.asking}
        title={t('mc.upload.all.title')}
        text={uploadAllText}
        confirmLabel={t('mc.upload.all.confirm')}
        busy={model.start.isPending || model.uploadAll.devices === null}
        onConfirm={model.uploadAll.confirm}
        onClose={model.uploadAll.cancel}
      />
      <Suspense fallback={null}>
        {picking && (
          <McDeviceDialog
            id={id}
            online={model.online}
            onClose={() => setPicking(false)}
            onUpload={(mac) => model.start.mutateAsync(mac).then(() => setPicking(false))}
          />
        )}
      </Suspense>
    </PageSection>
  );
}

function McUploadProgress({ upload, retry }: { upload: McUpload; retry: ReactNode }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const percent = uploadPercent(upload);
  const counts = [
    { key: 'total', label: t('mc.upload.total'), value: upload.total },
    { key: 'done', label: t('mc.upload.done'), value: upload.done },
    { key: 'failed', label: t('mc.upload.failed'), value: upload.failed },
    { key: 'left', label: t('mc.upload.left'), value: upload.left },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography aria-live="polite">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {upload.running ? t('mc.upload.running') : t('mc.upload.finished', { date: upload.finishedAt ? dateTime(upload.finishedAt) : '' })}
        </Box>{' '}
        {t(upload.kind === 'one' ? 'mc.upload.kind.one' : 'mc.upload.kind.all')} · {t('mc.upload.started', { date: dateTime(upload.startedAt) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={upload.failed > 0 ? 'warning' : 'primary'}
        aria-label={t('mc.upload.progress')}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Box component="dl" data-testid="mc-upload-counts" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
        {counts.map(({ key, label, value }) => (
          <Box key={key} data-count={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.4rem', fontWeight: 600, color: key === 'failed' && value > 0 ? 'error.main' : undefined }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {upload.running && (
        <Typography variant="body2" color="text.secondary">
          {t('mc.upload.leave')}
        </Typography>
      )}
      {upload.failures.length > 0 && (
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
              {t('mc.upload.failures')}
              {upload.failed > upload.failures.length && (
                <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
                  {t('mc.upload.failures.more', { shown: upload.failures.length, count: upload.failed })}
                </Box>
              )}
            </Typography>
            {retry}
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={80} />}>
            <McUploadFailures failures={upload.failures} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
