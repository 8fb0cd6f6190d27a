import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@/features/adjuster-wizard/messages';
import { portErrors, portKey } from '../model';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { Field } from './fields';
import { CallFailure, NetworkNote } from './network-note';

const Diagnostics = lazy(() => import('./diagnostics').then((m) => ({ default: m.Diagnostics })));

/** Base station and port, the address behind them, and the port's diagnostics. */
export function PortStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const { draft, port } = wizard;
  const [touched, setTouched] = useState({ bsName: false, portNum: false });
  const [diagnostics, setDiagnostics] = useState(false);
  const errors = portErrors(draft);
  const shown = (field: 'bsName' | 'portNum') => ((touched[field] || wizard.stepChecked('port')) && errors[field] ? t(errors[field]) : undefined);
  const current = port !== null && draft.lookedUp === portKey(port);

  return (
    <Box>
      <NetworkNote online={wizard.online} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <Field
          label={t('adjusterWizard.field.bsName')}
          value={draft.bsName}
          onChange={(value) => wizard.setPortField('bsName', value)}
          onBlur={() => setTouched((value) => ({ ...value, bsName: true }))}
          error={shown('bsName')}
          helperText={t('adjusterWizard.field.bsName.help')}
          required
        />
        <Field
          label={t('adjusterWizard.field.portNum')}
          value={draft.portNum}
          onChange={(value) => wizard.setPortField('portNum', value)}
          onBlur={() => setTouched((value) => ({ ...value, portNum: true }))}
          error={shown('portNum')}
          inputMode="numeric"
          required
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={wizard.busy.lookup ? <CircularProgress size={18} color="inherit" /> : <Search />}
          disabled={!port || !wizard.online || wizard.busy.lookup}
          onClick={() => {
            setTouched({ bsName: true, portNum: true });
            void wizard.lookUp();
          }}
          sx={{ minHeight: 48 }}
        >
          {t('adjusterWizard.lookup')}
        </Button>
        <Button variant="outlined" size="large" disabled={!port} onClick={() => setDiagnostics((open) => !open)} aria-expanded={diagnostics} sx={{ minHeight: 48 }}>
          {t('adjusterWizard.diag.open')}
        </Button>
      </Box>
      <CallFailure text={wizard.failures.lookup} />
      {current && draft.error && (
        <Alert severity="error" role="status" sx={{ mt: 2 }}>
          {draft.error}
        </Alert>
      )}
      {current && !draft.error && draft.address && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          <AlertTitle>{t('adjusterWizard.lookup.found')}</AlertTitle>
          <Typography variant="body1">{draft.address}</Typography>
          {draft.entranceNum !== null && <Typography variant="body2">{t('adjusterWizard.lookup.entrance', { entrance: draft.entranceNum })}</Typography>}
          {draft.fiasId && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('adjusterWizard.lookup.fias', { fias: draft.fiasId })}
            </Typography>
          )}
        </Alert>
      )}
      {diagnostics && port && (
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} sx={{ mt: 2 }} />}>
          <Diagnostics port={port} online={wizard.online} />
        </Suspense>
      )}
    </Box>
  );
}
