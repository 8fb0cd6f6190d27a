import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { KeylessCodeDetail } from '@contract/door-codes';
import { DeviceMacChip } from '@/components/device-mac-chip';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { serviceKey } from '../model';
import type { KeylessCodesModel } from '../use-keyless-codes';
import { CodeExpiry } from './code-expiry';
import { KeylessCounts, TargetStatus } from './keyless-counts';
import { LoadingBlock } from './loading-block';

/** The opened code: its terms, the devices it reached and those it did not (with why), retry and delete. */
export function KeylessDetail({ model }: { model: KeylessCodesModel }) {
  const t = useT();
  const code = model.opened;
  const closeButton = (
    <IconButton aria-label={t('keyless.detail.close')} title={t('keyless.detail.close')} onClick={model.close} sx={{ width: 44, height: 44 }}>
      <Close />
    </IconButton>
  );
  if (!code) {
    return (
      <PageSection title={t('keyless.detail.targets')} actions={closeButton}>
        {model.openedError ? (
          <PageLoadError error={model.openedError} message={(error) => t('keyless.detail.loadError', { error })} retryLabel={t('keyless.retry')} onRetry={model.reloadOpened} />
        ) : (
          <LoadingBlock label={t('keyless.loading')} height={160} />
        )}
      </PageSection>
    );
  }
  const service = t(serviceKey(code.service));
  return (
    <PageSection title={t('keyless.detail.title', { code: code.code, service })} actions={closeButton}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2">
          {t('keyless.column.expires')}: <CodeExpiry expiresAt={code.expiresAt} expired={code.expired} />
        </Typography>
        {code.comment && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{t('keyless.detail.comment', { comment: code.comment })}</Typography>}
        <DetailAuthor code={code} />
        <Typography variant="body2" component="div">
          <KeylessCounts devices={code.devices} />
        </Typography>
        {model.canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {code.devices.failed + code.devices.pending > 0 && !code.expired && (
              <Button variant="contained" startIcon={<Replay />} disabled={!model.online || model.retrying} onClick={() => model.retry(code.id)}>
                {t('keyless.detail.retry')}
              </Button>
            )}
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={!model.online || model.removing} onClick={model.askRemove}>
              {t('keyless.detail.delete')}
            </Button>
          </Box>
        )}
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1 }}>
          {t('keyless.detail.targets')}
        </Typography>
        <Box component="ul" aria-label={t('keyless.detail.targets')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          {code.targets.map((target) => (
            <Paper component="li" key={target.mac} variant="outlined" data-status={target.status} sx={{ p: 1.25, display: 'grid', gap: 0.5, minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <DeviceMacChip mac={target.mac} label={t('keyless.target.mac', { mac: target.mac })} />
                <TargetStatus status={target.status} />
              </Box>
              {target.address && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {target.address}
                </Typography>
              )}
              {target.message && (
                <Typography variant="body2" color="error">
                  {target.message}
                </Typography>
              )}
              <TargetTime writtenAt={target.writtenAt} />
            </Paper>
          ))}
        </Box>
      </Box>
    </PageSection>
  );
}

function DetailAuthor({ code }: { code: KeylessCodeDetail }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('keyless.detail.author', { who: code.createdBy ?? t('doorCodes.unknownAuthor'), when: dateTime(code.createdAt) })}
    </Typography>
  );
}

function TargetTime({ writtenAt }: { writtenAt: string | null }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  if (writtenAt === null) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('keyless.target.writtenAt', { when: dateTime(writtenAt) })}
    </Typography>
  );
}
