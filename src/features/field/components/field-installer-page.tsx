import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { useFieldInstaller } from '../use-field-installer';
import { FieldInstallSection } from './field-install';
import { LoadingBlock } from './loading-block';

/** `/field/:userId`: one installer's devices, each with its jobs needing attention and the server's reasons. */
export function FieldInstallerPage() {
  const t = useT();
  const { dateTime } = useDateFormat();
  const model = useFieldInstaller();
  const data = model.data?.data ?? null;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Button component={RouterLink} to="/field" startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1, textTransform: 'none' }}>
          {t('field.detail.back')}
        </Button>
      </Box>
      <PageHeader title={data ? t('field.detail.title', { login: data.login }) : t('field.title')} />
      {model.error !== null ? (
        <PageLoadError error={model.error} message={(error) => t('field.detail.loadError', { error })} retryLabel={t('field.retry')} onRetry={model.retry} />
      ) : model.pending || !data ? (
        <LoadingBlock label={t('field.detail.loading')} height={320} />
      ) : (
        <>
          {data.name && <Typography color="text.secondary">{data.name}</Typography>}
          {data.installs.length === 0 && <Typography>{t('field.detail.none')}</Typography>}
          {data.installs.map((install) => (
            <FieldInstallSection key={install.installId} install={install} />
          ))}
          {data.history.length > 0 && (
            <PageSection title={t('field.detail.history')} count={data.history.length}>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {data.history.map((entry, index) => (
                  <Typography component="li" variant="body2" key={`${entry.installId}-${entry.receivedAt}-${index}`}>
                    {t('field.detail.historyRow', { when: dateTime(entry.receivedAt), waiting: entry.waiting, attention: entry.needsAttention })}
                  </Typography>
                ))}
              </Box>
            </PageSection>
          )}
        </>
      )}
    </Box>
  );
}
