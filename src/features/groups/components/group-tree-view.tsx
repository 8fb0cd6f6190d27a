import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../messages';
import { groupPagePath, hasChildRow, visibleRows, type GroupRow } from '../model';

/** Past this depth a phone would run out of width: deeper groups line up with it. */
const MAX_INDENT = 8;

interface GroupTreeViewProps {
  label: string;
  rows: readonly GroupRow[];
  search: string;
  collapsed: ReadonlySet<number>;
  onToggle: (groupId: number) => void;
  /** Edit and delete per group, for those who may change groups. */
  actions?: { disabled: boolean; onEdit: (row: GroupRow) => void; onDelete: (row: GroupRow) => void };
}

/** The groups as an indented list, each opening its page; a parent folds its children away. */
export function GroupTreeView({ label, rows, search, collapsed, onToggle, actions }: GroupTreeViewProps) {
  const t = useT();
  // A phone has room for the counts in short words only.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const searching = search.trim() !== '';
  const shown = visibleRows(rows, search, collapsed);
  const indexOf = new Map(rows.map((row, index) => [row.groupId, index]));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {shown.map(({ row, match }) => {
        const parent = hasChildRow(rows, indexOf.get(row.groupId)!);
        const open = searching || !collapsed.has(row.groupId);
        return (
          <Box
            component="li"
            key={row.groupId}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 52, borderBottom: 1, borderColor: 'divider', pl: { xs: Math.min(row.depth, MAX_INDENT) * 1.5, sm: Math.min(row.depth, MAX_INDENT) * 3 } }}
          >
            {parent && !searching ? (
              <IconButton
                size="small"
                aria-expanded={open}
                aria-label={open ? t('groups.collapse', { name: row.name }) : t('groups.expand', { name: row.name })}
                onClick={() => onToggle(row.groupId)}
                sx={{ width: 40, height: 40 }}
              >
                {open ? <ExpandMore /> : <ChevronRight />}
              </IconButton>
            ) : (
              <Box sx={{ width: 40, flexShrink: 0 }} />
            )}
            <Box sx={{ flex: 1, minWidth: 0, py: 0.75 }}>
              <Link component={RouterLink} to={groupPagePath(row.groupId)} aria-label={t('groups.open', { name: row.name })} sx={{ fontWeight: match || row.depth === 0 ? 600 : 400, overflowWrap: 'anywhere' }}>
                {row.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t(phone ? 'groups.counts.short' : 'groups.counts', { devices: row.devices, users: row.users })}
                {row.children > 0 && ` · ${t(phone ? 'groups.children.short' : 'groups.children', { count: row.children })}`}
              </Typography>
            </Box>
            {actions && (
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <IconButton aria-label={t('groups.edit', { name: row.name })} disabled={actions.disabled} onClick={() => actions.onEdit(row)}>
                  <EditOutlined />
                </IconButton>
                <IconButton aria-label={t('groups.delete', { name: row.name })} disabled={actions.disabled} onClick={() => actions.onDelete(row)}>
                  <DeleteOutline />
                </IconButton>
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
