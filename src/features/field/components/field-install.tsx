import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FieldInstall, FieldStorage } from '@contract/field';
import { PageSection } from '@/components/page-section';
import { useDateFormat } from '@/lib/dates';
import { useLanguage } from '@/lib/preferences';
import { useT } from '../messages';
import { formatMegabytes, kindLabel } from '../model';
import { FieldBadges } from './field-badges';
import { FieldJobCard } from './field-job';

function StorageLine({ storage }: { storage: FieldStorage | null }) {
  const t = useT();
  const language = useLanguage();
  if (!storage) return <Typography variant="body2">{t('field.detail.storageUnknown')}</Typography>;
  const state = storage.persisted === null ? t('field.detail.persistUnknown') : storage.persisted ? t('field.detail.persisted') : t('field.detail.notPersisted');
  const bytes = (value: number | null) => (value === null ? t('field.dash') : formatMegabytes(value, language));
  return <Typography variant="body2">{t('field.detail.storage', { state, usage: bytes(storage.usage), quota: bytes(storage.quota) })}</Typography>;
}

/** One device of the installer: its latest summary, the jobs needing attention and the forgotten drafts. */
export function FieldInstallSection({ install }: { install: FieldInstall }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { counts } = install;
  return (
    <PageSection title={t('field.detail.device', { id: install.installId.slice(0, 8) })}>
      <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
        <FieldBadges
          row={{ needsAttention: counts.needsAttention, stale: install.stale, storageNotPersistent: install.storage?.persisted === false, lastReportAt: install.receivedAt }}
        />
        <Typography variant="body2">{t('field.detail.received', { when: dateTime(install.receivedAt) })}</Typography>
        <Typography variant="body2">{t('field.detail.lastSync', { when: install.lastSyncAt ? dateTime(install.lastSyncAt) : t('field.never') })}</Typography>
        <Typography variant="body2">
          {t('field.detail.counts', { waiting: counts.waiting, attention: counts.needsAttention, paused: counts.paused, drafts: counts.drafts })}
        </Typography>
        <StorageLine storage={install.storage} />
        <Typography variant="body2" color="text.secondary">
          {t('field.detail.version', { version: install.appVersion })}
        </Typography>
        {install.userAgent && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('field.detail.agent', { agent: install.userAgent })}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('field.detail.jobs')}
      </Typography>
      {install.jobs.length === 0 ? (
        <Typography color="text.secondary">{t('field.detail.noJobs')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('field.detail.jobs')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {install.jobs.map((job) => (
            <FieldJobCard key={job.id} job={job} />
          ))}
        </Box>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {t('field.detail.drafts')}
      </Typography>
      {install.idleDrafts.length === 0 ? (
        <Typography color="text.secondary">{t('field.detail.noDrafts')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('field.detail.drafts')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {install.idleDrafts.map((draft, index) => {
            const kind = kindLabel(draft.kind);
            return (
              <Paper component="li" key={`${draft.updatedAt}-${index}`} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{draft.title || t(kind.key, kind.values)}</Typography>
                <Typography variant="body2">{t(kind.key, kind.values)}</Typography>
                {(draft.mac || draft.house) && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {[draft.mac, draft.house].filter(Boolean).join(' · ')}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t('field.draft.untouched', { when: dateTime(draft.updatedAt) })}
                </Typography>
              </Paper>
            );
          })}
        </Box>
      )}
    </PageSection>
  );
}
