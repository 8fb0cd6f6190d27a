import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isInnerKey, type DeviceKeyRow } from '@contract/keys';
import { StatusChip } from '@/components/status-chip';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { pageState, rowId, type KeySelection } from '../model';

/** What a key's row lets the user do; absent for support (read only). */
export interface KeyRowActions {
  selection: KeySelection;
  /** Offline or a change in flight: the controls stay, greyed. */
  disabled: boolean;
  onToggle: (row: DeviceKeyRow) => void;
  onTogglePage: (rows: readonly DeviceKeyRow[]) => void;
  onSecurity: (row: DeviceKeyRow) => void;
  onDelete: (row: DeviceKeyRow) => void;
}

interface KeyRowsProps {
  label: string;
  rows: readonly DeviceKeyRow[];
  loading: boolean;
  /** Below 900 px: a card per key. */
  cards: boolean;
  actions?: KeyRowActions;
}

const MONO = { fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere' } as const;

/** A page of keys: a table from 900 px, cards below. */
export function KeyRows(props: KeyRowsProps) {
  return props.cards ? <KeyCards {...props} /> : <KeyTable {...props} />;
}

function useKeyWords() {
  const t = useT();
  const { dateTime } = useDateFormat();
  const dash = t('deviceKeys.dash');
  return {
    t,
    type: (row: DeviceKeyRow) => row.KEY_TYPE ?? dash,
    flat: (row: DeviceKeyRow) => (row.FLAT_NUM === null ? dash : String(row.FLAT_NUM)),
    side: (row: DeviceKeyRow) => t(isInnerKey(row.INNER) ? 'deviceKeys.side.inner' : 'deviceKeys.side.outer'),
    added: (row: DeviceKeyRow) => {
      const date = row.KEY_ADDED_DATE === null ? null : dateTime(row.KEY_ADDED_DATE);
      if (row.USER_LOGIN === null || date === null) return row.USER_LOGIN ?? date ?? dash;
      return t('deviceKeys.added', { login: row.USER_LOGIN, date });
    },
    scenarios: (row: DeviceKeyRow) => (row.SCENARIOS && row.SCENARIOS.length > 0 ? row.SCENARIOS.join(', ') : dash),
  };
}

function SecurityChip({ row }: { row: DeviceKeyRow }) {
  const t = useT();
  return row.IS_SECURITY === 1 ? <StatusChip tone="good">{t('deviceKeys.security.on')}</StatusChip> : <span>{t('deviceKeys.security.off')}</span>;
}

function BlockedChip({ row }: { row: DeviceKeyRow }) {
  const t = useT();
  return row.BLOCKED === 1 ? <StatusChip tone="bad">{t('deviceKeys.blocked.yes')}</StatusChip> : <span>{t('deviceKeys.blocked.no')}</span>;
}

function RowButtons({ row, actions }: { row: DeviceKeyRow; actions: KeyRowActions }) {
  const t = useT();
  const encoded = row.IS_SECURITY === 1;
  const securityLabel = t(encoded ? 'deviceKeys.decode' : 'deviceKeys.encode', { value: row.VALUE });
  const deleteLabel = t('deviceKeys.delete', { value: row.VALUE });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <IconButton aria-label={securityLabel} title={securityLabel} disabled={actions.disabled} onClick={() => actions.onSecurity(row)}>
        {encoded ? <LockOpenOutlined /> : <LockOutlined />}
      </IconButton>
      <IconButton aria-label={deleteLabel} title={deleteLabel} disabled={actions.disabled} onClick={() => actions.onDelete(row)}>
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}

/**
 * The browser's own checkbox in a 44 px target: MUI's Checkbox would cost the route ~2.6 KB of its
 * 250 KB budget. `mixed` sets the page box half-ticked.
 */
function PickBox({ label, checked, mixed = false, disabled, onChange }: { label: string; checked: boolean; mixed?: boolean; disabled: boolean; onChange: () => void }) {
  return (
    <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', verticalAlign: 'middle', p: 1.25, cursor: disabled ? 'default' : 'pointer' }}>
      <Box
        component="input"
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        ref={(input: HTMLInputElement | null) => {
          if (input) input.indeterminate = mixed;
        }}
        sx={{ width: 18, height: 18, m: 0, accentColor: (theme) => theme.palette.primary.main, cursor: 'inherit' }}
      />
    </Box>
  );
}

function RowCheckbox({ row, actions }: { row: DeviceKeyRow; actions: KeyRowActions }) {
  const t = useT();
  return <PickBox label={t('deviceKeys.select', { value: row.VALUE })} checked={actions.selection.items.has(rowId(row))} disabled={actions.disabled} onChange={() => actions.onToggle(row)} />;
}

function KeyTable({ label, rows, loading, actions }: KeyRowsProps) {
  const words = useKeyWords();
  const { t } = words;
  const page = actions ? pageState(actions.selection, rows) : 'none';
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={label} aria-busy={loading}>
        <TableHead>
          <TableRow>
            {actions && (
              <TableCell padding="checkbox">
                <PickBox
                  label={t('deviceKeys.selectPage')}
                  checked={page === 'all'}
                  mixed={page === 'some'}
                  disabled={actions.disabled || rows.length === 0}
                  onChange={() => actions.onTogglePage(rows)}
                />
              </TableCell>
            )}
            <TableCell>{t('deviceKeys.column.value')}</TableCell>
            <TableCell>{t('deviceKeys.column.type')}</TableCell>
            <TableCell align="right">{t('deviceKeys.column.flat')}</TableCell>
            <TableCell>{t('deviceKeys.column.side')}</TableCell>
            <TableCell>{t('deviceKeys.column.security')}</TableCell>
            <TableCell>{t('deviceKeys.column.authentic')}</TableCell>
            <TableCell>{t('deviceKeys.column.added')}</TableCell>
            <TableCell>{t('deviceKeys.column.blocked')}</TableCell>
            <TableCell>{t('deviceKeys.column.scenarios')}</TableCell>
            {actions && <TableCell align="right">{t('deviceKeys.column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowId(row)} hover>
              {actions && (
                <TableCell padding="checkbox">
                  <RowCheckbox row={row} actions={actions} />
                </TableCell>
              )}
              <TableCell sx={{ ...MONO, whiteSpace: 'nowrap' }}>{row.VALUE}</TableCell>
              <TableCell>{words.type(row)}</TableCell>
              <TableCell align="right">{words.flat(row)}</TableCell>
              <TableCell>{words.side(row)}</TableCell>
              <TableCell>
                <SecurityChip row={row} />
              </TableCell>
              <TableCell>{t(row.AUTHENTIC === 1 ? 'deviceKeys.authentic.yes' : 'deviceKeys.authentic.no')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{words.added(row)}</TableCell>
              <TableCell>
                <BlockedChip row={row} />
              </TableCell>
              <TableCell>{words.scenarios(row)}</TableCell>
              {actions && (
                <TableCell align="right" sx={{ py: 0, whiteSpace: 'nowrap' }}>
                  <RowButtons row={row} actions={actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function KeyCards({ label, rows, actions }: KeyRowsProps) {
  const words = useKeyWords();
  const { t } = words;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={rowId(row)} variant="outlined" sx={{ display: 'flex', alignItems: 'flex-start', minWidth: 0 }}>
          {actions && (
            <Box sx={{ pt: 0.25, pl: 0.25 }}>
              <RowCheckbox row={row} actions={actions} />
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0, p: 1.5, pl: actions ? 0.5 : 1.5, display: 'grid', gap: 0.5 }}>
            <Typography sx={{ ...MONO, fontWeight: 600 }}>{row.VALUE}</Typography>
            <Typography variant="body2">
              {[words.type(row), row.FLAT_NUM === null ? null : t('deviceKeys.flat', { flat: row.FLAT_NUM }), words.side(row)].filter(Boolean).join(' · ')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              {row.IS_SECURITY === 1 && <StatusChip tone="good">{t('deviceKeys.security.on')}</StatusChip>}
              {row.BLOCKED === 1 && <StatusChip tone="bad">{t('deviceKeys.blocked.yes')}</StatusChip>}
              {row.AUTHENTIC !== 1 && <StatusChip tone="off">{t('deviceKeys.authentic.no')}</StatusChip>}
              {row.SCENARIOS && row.SCENARIOS.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('deviceKeys.scenarios', { list: words.scenarios(row) })}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {words.added(row)}
            </Typography>
          </Box>
          {actions && (
            <Box sx={{ pt: 0.5, pr: 0.5 }}>
              <RowButtons row={row} actions={actions} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
