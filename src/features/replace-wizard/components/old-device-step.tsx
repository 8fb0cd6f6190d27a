import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { ScanLabelButton } from '@/components/label-scanner/scan-label-button';
import { useT } from '@/features/replace-wizard/messages';
import type { ReplaceWizard } from '../use-replace-wizard';
import { CheckedDevice } from './checked-device';
import { FieldGrid, TextInput, Wide } from './fields';

/** The device being replaced: read from its label or typed, then checked against the server when online. */
export function OldDeviceStep({ wizard }: { wizard: ReplaceWizard }) {
  const t = useT();
  const checking = wizard.check.state === 'checking';
  return (
    <FieldGrid>
      <Wide>
        <ScanLabelButton want={['serialNumber', 'mac']} onScan={(label) => wizard.applyLabel('old', label)} disabled={!wizard.editable} fullWidth />
      </Wide>
      <TextInput wizard={wizard} name="oldSerialNumber" label={t('replaceWizard.field.oldSerialNumber')} helper={t('replaceWizard.field.serial.helper')} code />
      <TextInput wizard={wizard} name="oldMac" label={t('replaceWizard.field.oldMac')} helper={t('replaceWizard.field.mac.helper')} required code />
      <Wide>
        <Button
          variant="outlined"
          size="large"
          startIcon={checking ? <CircularProgress size={18} /> : <Search />}
          disabled={checking || !wizard.online}
          onClick={() => void wizard.checkOld()}
          sx={{ minHeight: 48 }}
        >
          {t('replaceWizard.check')}
        </Button>
      </Wide>
      {!wizard.online && (
        <Wide>
          <Alert severity="info">{t('replaceWizard.check.offline')}</Alert>
        </Wide>
      )}
      {wizard.check.state === 'failed' && (
        <Wide>
          <Alert severity="warning">{wizard.check.message}</Alert>
        </Wide>
      )}
      {wizard.draft.oldDevice && (
        <Wide>
          <CheckedDevice device={wizard.draft.oldDevice} />
        </Wide>
      )}
    </FieldGrid>
  );
}
