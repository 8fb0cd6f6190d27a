import Alert from '@mui/material/Alert';
import { useT } from '@/features/adjuster-wizard/messages';

/** Said plainly on a step that needs the network while there is none. */
export function NetworkNote({ online }: { online: boolean }) {
  const t = useT();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {t('adjusterWizard.network.needed')}
    </Alert>
  );
}

/** The failure of the step's last call, if any. */
export function CallFailure({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}
