import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useT, type MessageKey } from '@/features/adjuster-wizard/messages';
import { errorMessage } from '@/lib/http';
import { portDiagnostics } from '../api';
import type { Port } from '../model';

const PAIR_STATUS: Record<string, MessageKey> = {
  ok: 'adjusterWizard.diag.pair.ok',
  open: 'adjusterWizard.diag.pair.open',
  short: 'adjusterWizard.diag.pair.short',
  unknown: 'adjusterWizard.diag.pair.unknown',
};

/** Cable length per pair, link status and error counters of the port (read when opened and on demand). */
export function Diagnostics({ port, online }: { port: Port; online: boolean }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['adjuster-wizard', 'diagnostics', port.bsName, port.portNum],
    queryFn: ({ signal }) => portDiagnostics(port, signal),
    enabled: online,
    retry: false,
    staleTime: 0,
  });
  const data = query.data;

  return (
    <Box component="section" aria-label={t('adjusterWizard.diag.title')} sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', flex: 1 }}>
          {t('adjusterWizard.diag.title')}
        </Typography>
        <Button
          startIcon={query.isFetching ? <CircularProgress size={16} color="inherit" /> : <Refresh />}
          disabled={!online || query.isFetching}
          onClick={() => void query.refetch()}
          sx={{ minHeight: 44 }}
        >
          {t('adjusterWizard.diag.run')}
        </Button>
      </Box>
      {!online && <Alert severity="warning">{t('adjusterWizard.network.needed')}</Alert>}
      {query.error && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <Box>
            <Typography variant="subtitle2">{t('adjusterWizard.diag.link')}</Typography>
            <Chip
              color={data.link === 'up' ? 'success' : 'error'}
              label={data.link === 'up' ? t('adjusterWizard.diag.link.up') : t('adjusterWizard.diag.link.down')}
              sx={{ my: 0.5 }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('adjusterWizard.diag.portName', { port: data.portName })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2">{t('adjusterWizard.diag.cable')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {data.pairs.map((pair) => (
                <li key={pair.pair}>
                  <Typography variant="body2" color={pair.status === 'ok' ? 'text.primary' : 'error'}>
                    {t('adjusterWizard.diag.pair', { pair: pair.pair })}:{' '}
                    {pair.length === null ? t('adjusterWizard.diag.lengthUnknown') : t('adjusterWizard.diag.length', { length: pair.length })},{' '}
                    {PAIR_STATUS[pair.status] ? t(PAIR_STATUS[pair.status]) : pair.status}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography variant="subtitle2">{t('adjusterWizard.diag.errors')}</Typography>
            <Counters title={t('adjusterWizard.diag.rx')} counters={data.rx} none={t('adjusterWizard.diag.noErrors')} />
            <Counters title={t('adjusterWizard.diag.tx')} counters={data.tx} none={t('adjusterWizard.diag.noErrors')} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

function Counters({ title, counters, none }: { title: string; counters: Record<string, number>; none: string }) {
  const nonZero = Object.entries(counters).filter(([, count]) => count > 0);
  return (
    <Typography variant="body2" sx={{ color: nonZero.length > 0 ? 'error.main' : 'text.primary' }}>
      {title}: {nonZero.length === 0 ? none : nonZero.map(([name, count]) => `${name} ${count}`).join(', ')}
    </Typography>
  );
}
