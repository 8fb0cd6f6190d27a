import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { auditEndpoints, type AuditRecord } from '@contract/audit';
import { ROLES } from '@contract/users';
import { StatusChip } from '@/components/status-chip';
import { useDateFormat } from '@/lib/dates';
import { errorMessage, expectResult, request } from '@/lib/http';
import { hasRole, useSession } from '@/lib/session';
import { AuditDiff } from './audit-diff';
import { AuditSummary } from './audit-changes';
import { auditPath, fieldCount, isRefused } from './audit-model';
import { useT } from './messages';

const RECENT = 5;

/** Who reads the trail: the superuser, support and management (docs/api.md "Audit"). */
export function useCanReadAudit(): boolean {
  const { roles } = useSession();
  return [ROLES.superuser, ROLES.support, ROLES.management].some((role) => hasRole(roles, role));
}

/** One record's line: when, who, what was done in words; the changed fields open in place. */
export function AuditLine({ record }: { record: AuditRecord }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const [open, setOpen] = useState(false);
  const refused = isRefused(record);
  const fields = fieldCount(record);
  return (
    <Box component="li" sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', minWidth: 0, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {dateTime(record.at)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {record.userLogin ?? t('recentAudit.nobody')}
        </Typography>
        {refused && <StatusChip tone="bad">{`${record.status} ${t('recentAudit.refused')}`}</StatusChip>}
        {record.outbox && <StatusChip tone="off">{t('recentAudit.outbox')}</StatusChip>}
      </Box>
      <AuditSummary record={record} max={open ? Infinity : 3} fields={open} />
      {!refused && fields > 0 && (
        <Box>
          <Button size="small" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {t('recentAudit.changes', { count: fields })}
          </Button>
        </Box>
      )}
      {open && record.diffSource === 'request' && <AuditDiff record={record} />}
    </Box>
  );
}

/** A target's last five records with a link to all of them on /audit; nothing for a user who may not read the trail. */
export function RecentAudit({ targetKind, targetId }: { targetKind: string; targetId: string }) {
  if (!useCanReadAudit()) return null;
  return <RecentAuditList targetKind={targetKind} targetId={targetId} />;
}

function RecentAuditList({ targetKind, targetId }: { targetKind: string; targetId: string }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['audit', 'recent', targetKind, targetId] as const,
    queryFn: async ({ signal }) => expectResult(await request(auditEndpoints.list, { query: { targetKind, targetId, perPage: RECENT }, signal })).data,
  });
  // A change made on the card shows here once it has gone through.
  const mutating = useIsMutating();
  const was = useRef(mutating);
  const { refetch } = query;
  useEffect(() => {
    if (was.current > 0 && mutating === 0) void refetch();
    was.current = mutating;
  }, [mutating, refetch]);
  return (
    <Box component="section" aria-label={t('recentAudit.title')} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography variant="h6" component="h2">
          {t('recentAudit.title')}
        </Typography>
        <Link component={RouterLink} to={auditPath(targetKind, targetId)}>
          {t('recentAudit.all')}
        </Link>
      </Box>
      {query.isPending ? (
        <Skeleton variant="rectangular" height={96} role="status" aria-label={t('recentAudit.loading')} />
      ) : query.isError ? (
        <Typography color="error" role="alert">
          {t('recentAudit.loadError', { error: errorMessage(query.error) })}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t('recentAudit.retry')}
          </Button>
        </Typography>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{t('recentAudit.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {query.data.map((record: AuditRecord) => (
            <AuditLine key={record.id} record={record} />
          ))}
        </Box>
      )}
    </Box>
  );
}
