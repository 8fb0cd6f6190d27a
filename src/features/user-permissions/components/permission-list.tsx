import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UserAuthItem, UserPermissionsData } from '@contract/user-permissions';
import { PageSection } from '@/components/page-section';
import { authItemLabel } from '@/lib/auth-item-labels';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { isOn, lockReason, secondsToDate, typeKey, type Draft } from '../model';

interface PermissionListProps {
  title: string;
  /** Shown when the catalogue has no item of this kind. */
  none: string;
  /** Shown above the list when the user has none of them assigned. */
  noneAssigned: string;
  items: readonly UserAuthItem[];
  data: UserPermissionsData;
  draft: Draft;
  onToggle: (item: UserAuthItem, on: boolean) => void;
}

/** One kind of item (roles or permissions): a table on wide screens, a card per item below 900 px. */
export function PermissionList({ title, none, noneAssigned, items, data, draft, onToggle }: PermissionListProps) {
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const assigned = items.filter((item) => isOn(item, draft)).length;
  const rows = items.map((item) => ({ item, on: isOn(item, draft), reason: lockReason(item, data) }));
  return (
    <PageSection title={title} count={assigned} flush={!cards}>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: cards ? 0 : 2 }}>
          {none}
        </Typography>
      ) : (
        <>
          {assigned === 0 && (
            <Typography color="text.secondary" sx={{ px: cards ? 0 : 2, pt: cards ? 0 : 1.5, pb: 1 }}>
              {noneAssigned}
            </Typography>
          )}
          {cards ? <ItemCards rows={rows} label={title} onToggle={onToggle} /> : <ItemTable rows={rows} label={title} onToggle={onToggle} />}
        </>
      )}
    </PageSection>
  );
}

type Row = { item: UserAuthItem; on: boolean; reason: ReturnType<typeof lockReason> };
type RowsProps = { rows: readonly Row[]; label: string; onToggle: (item: UserAuthItem, on: boolean) => void };

function ItemSwitch({ row, onToggle }: { row: Row; onToggle: (item: UserAuthItem, on: boolean) => void }) {
  const t = useT();
  return (
    <Switch
      checked={row.on}
      disabled={row.reason !== null}
      onChange={(event) => onToggle(row.item, event.target.checked)}
      slotProps={{ input: { 'aria-label': t('userPermissions.switch', { name: row.item.name }) } }}
    />
  );
}

/** The item's name, and under it what the screen must say about it: a pending change, the role that gives it, why it is locked. */
function ItemName({ row }: { row: Row }) {
  const t = useT();
  const { item, on, reason } = row;
  const pending = on !== item.assigned ? (on ? 'userPermissions.pending.grant' : 'userPermissions.pending.revoke') : null;
  return (
    <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
      {pending && (
        <Typography variant="body2" sx={{ color: on ? 'success.dark' : 'error.main', fontWeight: 600 }}>
          {t(pending)}
        </Typography>
      )}
      {item.inheritedFrom.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('userPermissions.inherited', { roles: item.inheritedFrom.join(', ') })}
        </Typography>
      )}
      {reason && reason !== 'userPermissions.locked.readOnly' && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t(reason)}
        </Typography>
      )}
    </Box>
  );
}

/** Wider screens: a plain table (the data grid would double the route's JS). */
function ItemTable({ rows, label, onToggle }: RowsProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const empty = t('userPermissions.empty');
  return (
    <TableContainer>
      {/* Fixed widths: the roles' and the permissions' tables line up. */}
      <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed', minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 104 }}>{t('userPermissions.column.switch')}</TableCell>
            <TableCell sx={{ width: '22%' }}>{t('userPermissions.column.name')}</TableCell>
            <TableCell>{t('userPermissions.column.description')}</TableCell>
            <TableCell sx={{ width: 116 }}>{t('userPermissions.column.type')}</TableCell>
            <TableCell sx={{ width: 90 }}>{t('userPermissions.column.rule')}</TableCell>
            <TableCell sx={{ width: 168 }}>{t('userPermissions.column.createdAt')}</TableCell>
            <TableCell sx={{ width: 168 }}>{t('userPermissions.column.updatedAt')}</TableCell>
            <TableCell sx={{ width: 168 }}>{t('userPermissions.column.assignedAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.item.name} hover selected={row.on !== row.item.assigned}>
              <TableCell sx={{ py: 0.5 }}>
                <ItemSwitch row={row} onToggle={onToggle} />
              </TableCell>
              <TableCell>
                <ItemName row={row} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.item.description ? authItemLabel(row.item.name, row.item.description) : empty}</TableCell>
              <TableCell>{t(typeKey(row.item.type))}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.item.ruleName ?? empty}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(secondsToDate(row.item.createdAt)) || empty}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(secondsToDate(row.item.updatedAt)) || empty}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(secondsToDate(row.item.assignedAt)) || empty}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone: a card per item, its switch beside the name, the details as label and value pairs. */
function ItemCards({ rows, label, onToggle }: RowsProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const empty = t('userPermissions.empty');
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => {
        const details: [string, string][] = [
          [t('userPermissions.column.type'), t(typeKey(row.item.type))],
          [t('userPermissions.column.rule'), row.item.ruleName ?? empty],
          [t('userPermissions.column.createdAt'), dateTime(secondsToDate(row.item.createdAt)) || empty],
          [t('userPermissions.column.updatedAt'), dateTime(secondsToDate(row.item.updatedAt)) || empty],
          [t('userPermissions.column.assignedAt'), dateTime(secondsToDate(row.item.assignedAt)) || empty],
        ];
        return (
          <Paper
            component="li"
            key={row.item.name}
            variant="outlined"
            sx={{ p: 1.5, minWidth: 0, display: 'grid', gap: 1, borderColor: row.on !== row.item.assigned ? 'primary.main' : undefined }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ItemName row={row} />
              </Box>
              <ItemSwitch row={row} onToggle={onToggle} />
            </Box>
            {row.item.description && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{authItemLabel(row.item.name, row.item.description)}</Typography>}
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
              {details.map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
