import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { deviceCardPath } from '@/lib/device-paths';
import { useT } from '../messages';
import { useDoorCodes, type DoorCodesModel } from '../use-door-codes';
import { CommonCodeSection } from './common-code-section';
import { LoadingBlock } from './loading-block';
import { FlatCodesSection } from './flat-codes-section';

const CodeFormDialog = lazy(() => import('./code-form-dialog').then((module) => ({ default: module.CodeFormDialog })));

/** `/devices/:mac/codes`: the device's common code and its per-flat codes. */
export function DoorCodesPage() {
  const { mac: raw = '' } = useParams();
  const mac = normalizeMac(raw) ?? raw;
  const model = useDoorCodes(mac);
  const t = useT();
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <PageHeader title={t('doorCodes.title')} />
        <DeviceLine model={model} mac={mac} />
      </Box>
      {model.pending && !model.error ? (
        <LoadingBlock label={t('doorCodes.flats.loading')} height={240} />
      ) : model.answer === undefined ? (
        <PageLoadError error={model.error} message={(error) => t('doorCodes.loadError', { error })} retryLabel={t('doorCodes.retry')} onRetry={model.retry} />
      ) : (
        <>
          {!model.online && <Alert severity="warning">{t('doorCodes.offline')}</Alert>}
          {!model.canEdit && <Alert severity="info">{t('doorCodes.readOnly')}</Alert>}
          <CommonCodeSection model={model} />
          <FlatCodesSection model={model} />
        </>
      )}
      {model.form && (
        <Suspense fallback={null}>
          <CodeFormDialog
            mode={model.form}
            range={model.answer?.flatRange ?? null}
            online={model.online}
            busy={model.saving}
            error={model.saveError}
            onClose={model.closeForm}
            onSave={model.save}
          />
        </Suspense>
      )}
      <LazyConfirmDialog
        open={model.removing !== null}
        title={t('doorCodes.confirmDelete.title')}
        text={t('doorCodes.confirmDelete.text', {
          who: model.removing?.flatNum == null ? t('doorCodes.whoCommon') : t('doorCodes.whoFlat', { flat: model.removing.flatNum }),
        })}
        confirmLabel={t('doorCodes.confirmDelete.ok')}
        danger
        busy={model.removePending}
        onConfirm={model.confirmRemove}
        onClose={() => model.askRemove(null)}
      />
    </Box>
  );
}

/** The device: its MAC opening its card, its address and the flats of its entrance. */
function DeviceLine({ model, mac }: { model: DoorCodesModel; mac: string }) {
  const t = useT();
  const answer = model.answer;
  const range = answer?.flatRange;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5, mt: -1 }}>
      <Typography sx={{ fontFamily: 'monospace' }}>{t('doorCodes.device', { mac })}</Typography>
      <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{answer ? (answer.address ?? t('doorCodes.noAddress')) : ''}</Typography>
      {range && (
        <Typography color="text.secondary">
          {t('doorCodes.range', { entrance: range.entranceTitle ?? t('doorCodes.entrance', { num: range.entranceNum ?? '' }), first: range.firstFlat, last: range.lastFlat })}
        </Typography>
      )}
      {/* A plain router link: MUI's Link would cost the route its own code. */}
      <Typography component={RouterLink} to={deviceCardPath(mac)} sx={{ color: 'primary.main', textDecorationColor: 'inherit' }}>
        {t('doorCodes.openCard')}
      </Typography>
    </Box>
  );
}
