import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, lazy } from 'react';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useT } from '../messages';
import { serviceKey } from '../model';
import { useKeylessCodes } from '../use-keyless-codes';
import { KeylessDetail } from './keyless-detail';
import { KeylessFilters } from './keyless-filters';
import { KeylessList } from './keyless-list';
import { LoadingBlock } from './loading-block';

const KeylessCreateForm = lazy(() => import('./keyless-create-form').then((module) => ({ default: module.KeylessCreateForm })));

/** `/device/codes`: keyless access codes of services, put on many devices at once. */
export function KeylessCodesPage() {
  const t = useT();
  const model = useKeylessCodes();
  const opened = model.opened;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader
        title={t('keyless.title')}
        actions={
          model.canEdit &&
          !model.creating && (
            <Button variant="contained" startIcon={<Add />} onClick={() => model.setCreating(true)} sx={{ minHeight: 40 }}>
              {t('keyless.create')}
            </Button>
          )
        }
      />
      {!model.online && <Alert severity="warning">{t('keyless.offline')}</Alert>}
      {!model.canEdit && <Alert severity="info">{t('keyless.readOnly')}</Alert>}
      {model.canEdit && model.creating && (
        <Suspense fallback={<LoadingBlock label={t('keyless.form.title')} height={320} />}>
          <KeylessCreateForm online={model.online} onCreated={model.created} onCancel={() => model.setCreating(false)} />
        </Suspense>
      )}
      {model.openedId !== null && <KeylessDetail model={model} />}
      <Box>
        <KeylessFilters key={JSON.stringify(model.list.filters)} model={model} />
        <KeylessList model={model} />
      </Box>
      <LazyConfirmDialog
        open={model.confirmingRemove && opened !== null}
        title={t('keyless.confirmDelete.title')}
        text={opened ? t('keyless.confirmDelete.text', { code: opened.code, service: t(serviceKey(opened.service)), total: opened.devices.total }) : ''}
        confirmLabel={t('keyless.confirmDelete.ok')}
        danger
        busy={model.removing}
        onConfirm={model.confirmRemove}
        onClose={model.cancelRemove}
      />
    </Box>
  );
}
