import Link from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/features/adjuster-wizard/messages';
import { errorMessage } from '@/lib/http';
import { myGroups } from '../api';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { SelectField } from './fields';
import { CallFailure } from './network-note';
import { OutboxStatus } from './outbox-status';

/** Binds the created device to the port's house and to a group: two jobs of the outbox, sent in order. */
export function BindStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const { draft, houseJob, groupJob } = wizard;
  const groups = useQuery({
    queryKey: ['adjuster-wizard', 'groups'],
    queryFn: ({ signal }) => myGroups(signal),
    enabled: wizard.online,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const options = groups.data ?? (draft.groupId !== null ? [{ groupId: draft.groupId, name: draft.groupName ?? String(draft.groupId) }] : []);
  // Bound or on the way; a refused binding can be fixed (another group) and sent again.
  const queued = houseJob !== null && groupJob !== null && houseJob.status !== 'needs-attention' && groupJob.status !== 'needs-attention';
  const canBind = draft.device !== null && draft.fiasId !== null && !queued && wizard.jobsLoaded;
  // The group's error shows once the field was left or «Привязать» pressed without one.
  const [groupTouched, setGroupTouched] = useState(false);
  const groupError = groupTouched && draft.groupId === null ? t('adjusterWizard.error.group') : undefined;
  const bind = () => {
    if (draft.groupId === null) setGroupTouched(true);
    else void wizard.bind();
  };

  if (!draft.device) return <Typography color="warning.main">{t('adjusterWizard.need.device')}</Typography>;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {draft.fiasId ? (
        <Typography variant="body1">
          {t('adjusterWizard.bind.house')}: {draft.address}
        </Typography>
      ) : (
        <Alert severity="error">{t('adjusterWizard.bind.noHouse')}</Alert>
      )}
      {groups.isFetching && <Typography color="text.secondary">{t('adjusterWizard.bind.groupsLoading')}</Typography>}
      {!wizard.online && !groups.data && <Alert severity="info">{t('adjusterWizard.bind.groupsOffline')}</Alert>}
      {groups.error && <Alert severity="error">{errorMessage(groups.error)}</Alert>}
      {groups.data?.length === 0 && <Alert severity="warning">{t('adjusterWizard.bind.noGroups')}</Alert>}
      <Box sx={{ maxWidth: { sm: 420 } }}>
        <SelectField
          label={t('adjusterWizard.field.group')}
          value={draft.groupId === null ? '' : String(draft.groupId)}
          onChange={(value) => {
            const group = options.find((each) => String(each.groupId) === value);
            wizard.chooseGroup(group ? { id: group.groupId, name: group.name } : null);
          }}
          onBlur={() => setGroupTouched(true)}
          error={groupError}
          required
          disabled={queued}
        >
          <option value="" />
          {options.map((group) => (
            <option key={group.groupId} value={group.groupId}>
              {group.name}
            </option>
          ))}
        </SelectField>
      </Box>
      {draft.groupId !== null && draft.fiasId && !queued && (
        <Typography variant="body2" color="text.secondary">
          {t('adjusterWizard.bind.summary', { mac: draft.device.mac, address: draft.address ?? '', group: draft.groupName ?? '' })}
        </Typography>
      )}
      {!queued && (
        <Box>
          <Button
            variant="contained"
            size="large"
            startIcon={wizard.busy.bind ? <CircularProgress size={18} color="inherit" /> : <Link />}
            disabled={!canBind || wizard.busy.bind}
            onClick={bind}
            sx={{ minHeight: 48 }}
          >
            {t('adjusterWizard.bind.run')}
          </Button>
        </Box>
      )}
      <CallFailure text={wizard.failures.bind} />
      {houseJob && <OutboxStatus wizard={wizard} job={houseJob} what={t('adjusterWizard.outbox.house')} />}
      {groupJob && <OutboxStatus wizard={wizard} job={groupJob} what={t('adjusterWizard.outbox.group')} />}
      {wizard.bound && (
        <Alert severity="success" role="status" sx={{ fontSize: '1.05rem' }}>
          {t('adjusterWizard.bind.done')}
        </Alert>
      )}
    </Box>
  );
}
