import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/adjuster-wizard/messages';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { CallFailure } from './network-note';
import { OutboxStatus } from './outbox-status';

/**
 * Creates the device behind the port. The request goes through the outbox: offline it waits
 * and is sent once when the network is back; the switch's answer (MAC, IP) fills the next steps.
 */
export function DeviceStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const { draft, port, deviceJob } = wizard;
  const canCreate = port !== null && wizard.jobsLoaded && !deviceJob && !draft.device;

  return (
    <Box>
      {port && (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {t('adjusterWizard.device.hint', { port: `${port.bsName}, ${port.portNum}` })}
        </Typography>
      )}
      {canCreate && (
        <Button
          variant="contained"
          size="large"
          startIcon={wizard.busy.device ? <CircularProgress size={18} color="inherit" /> : <AddCircleOutlined />}
          disabled={wizard.busy.device}
          onClick={() => void wizard.createDevice()}
          sx={{ minHeight: 48 }}
        >
          {t('adjusterWizard.device.create')}
        </Button>
      )}
      <CallFailure text={wizard.failures.device} />
      {deviceJob && <OutboxStatus wizard={wizard} job={deviceJob} what={t('adjusterWizard.outbox.device')} />}
      {draft.device && (
        <Alert severity="success" sx={{ mt: 2 }}>
          <AlertTitle>{t('adjusterWizard.device.created')}</AlertTitle>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
            <dt>{t('adjusterWizard.device.mac')}</dt>
            <dd style={{ margin: 0 }} data-testid="device-mac">
              {draft.device.mac}
            </dd>
            <dt>{t('adjusterWizard.device.ip')}</dt>
            <dd style={{ margin: 0 }}>{draft.device.ip ?? t('adjusterWizard.device.none')}</dd>
          </Box>
        </Alert>
      )}
    </Box>
  );
}
