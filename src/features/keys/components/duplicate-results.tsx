import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useState } from 'react';
import type { DuplicateKey } from '@contract/keys';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useT } from '../messages';
import { keyRef, type DuplicateGroup } from '../model';
import type { DuplicatesModel } from '../use-duplicates';
import { DeviceLink } from './key-rows';
import { pluralKey } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';

interface DuplicateResultsProps {
  model: DuplicatesModel;
  canDelete: boolean;
  online: boolean;
}

/** Where each pasted value lives, grouped by value; the chosen copies deleted after a confirm, the outcome beside each. */
export function DuplicateResults({ model, canDelete, online }: DuplicateResultsProps) {
  const t = useT();
  const language = useLanguage();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [confirming, setConfirming] = useState(false);
  const { groups, chosen, choosable } = model;
  const found = groups.filter((group) => group.rows.length > 0).length;
  const rowCount = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const nowhere = groups.filter((group) => group.rows.length === 0);
  const allChosen = choosable.length > 0 && choosable.every((ref) => chosen.has(ref));
  const someChosen = choosable.some((ref) => chosen.has(ref));
  const count = model.targets.length;

  return (
    <Box component="section" aria-label={t('keys.dup.result')}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('keys.dup.result')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('keys.dup.summary', { count: groups.length, found, rows: rowCount })}
      </Typography>
      {nowhere.length > 0 && (
        <Alert severity="info" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {`${t('keys.dup.nowhere')}: ${nowhere.map((group) => group.pasted).join(', ')}`}
        </Alert>
      )}
      {model.removed && !model.remove.isPending && (
        <Alert severity={model.removed.deleted === model.removed.count ? 'success' : 'warning'} sx={{ mb: 1 }}>
          {t(pluralKey(language, 'keys.dup.delete.done', model.removed.count), model.removed)}
        </Alert>
      )}
      {model.removeError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('keys.dup.delete.error', { error: model.removeError })}
        </Alert>
      )}
      {canDelete && choosable.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <FormControlLabel
            control={<Checkbox checked={allChosen} indeterminate={someChosen && !allChosen} onChange={(event) => model.setChosenRefs(choosable, event.target.checked)} />}
            label={t('keys.dup.selectAll')}
          />
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={!online || count === 0 || model.remove.isPending} onClick={() => setConfirming(true)}>
            {t('keys.dup.delete', { count })}
          </Button>
        </Box>
      )}
      {phone ? <ResultCards groups={groups} model={model} canDelete={canDelete} /> : <ResultTable groups={groups} model={model} canDelete={canDelete} />}
      <LazyConfirmDialog
        open={confirming}
        danger
        busy={model.remove.isPending}
        title={t('keys.dup.delete.title')}
        text={t(pluralKey(language, 'keys.dup.delete.text', count), { count })}
        confirmLabel={t('keys.dup.delete.confirm')}
        onConfirm={() => model.remove.mutate(model.targets, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

interface RowsProps {
  groups: readonly DuplicateGroup[];
  model: DuplicatesModel;
  canDelete: boolean;
}

function useRowParts(model: DuplicatesModel) {
  const t = useT();
  const outcomeText = (row: DuplicateKey): { text: string; deleted: boolean } | null => {
    const outcome = model.outcomes.get(keyRef(row));
    if (!outcome) return null;
    if (outcome.deleted) return { text: t('keys.dup.deleted'), deleted: true };
    return { text: outcome.message ? t('keys.dup.notDeleted', { message: outcome.message }) : t('keys.dup.notDeleted.unknown'), deleted: false };
  };
  const groupRefs = (group: DuplicateGroup) => group.rows.map(keyRef).filter((ref) => model.choosable.includes(ref));
  const rowCheck = (row: DuplicateKey) => {
    const ref = keyRef(row);
    return (
      <Checkbox
        size="small"
        checked={model.chosen.has(ref)}
        disabled={!model.choosable.includes(ref)}
        onChange={(event) => model.setChosenRefs([ref], event.target.checked)}
        slotProps={{ input: { 'aria-label': t('keys.dup.selectRow', { value: row.value, mac: row.mac }) } }}
      />
    );
  };
  const groupCheck = (group: DuplicateGroup) => {
    const refs = groupRefs(group);
    if (refs.length === 0) return null;
    const all = refs.every((ref) => model.chosen.has(ref));
    return (
      <Checkbox
        size="small"
        checked={all}
        indeterminate={!all && refs.some((ref) => model.chosen.has(ref))}
        onChange={(event) => model.setChosenRefs(refs, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('keys.dup.selectGroup', { value: group.pasted }) } }}
      />
    );
  };
  return { outcomeText, rowCheck, groupCheck };
}

function ResultTable({ groups, model, canDelete }: RowsProps) {
  const t = useT();
  const { outcomeText, rowCheck, groupCheck } = useRowParts(model);
  const withOutcomes = model.outcomes.size > 0;
  const columns = 5 + (canDelete ? 1 : 0) + (withOutcomes ? 1 : 0);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('keys.dup.result')} aria-busy={model.remove.isPending}>
        <TableHead>
          <TableRow>
            {canDelete && <TableCell padding="checkbox">{t('keys.dup.column.select')}</TableCell>}
            <TableCell>{t('keys.column.value')}</TableCell>
            <TableCell sx={{ width: '35%' }}>{t('keys.column.address')}</TableCell>
            <TableCell>{t('keys.column.device')}</TableCell>
            <TableCell align="right">{t('keys.column.flat')}</TableCell>
            <TableCell>{t('keys.column.authentic')}</TableCell>
            {withOutcomes && <TableCell>{t('keys.dup.column.result')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.pasted}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                {canDelete && <TableCell padding="checkbox">{groupCheck(group)}</TableCell>}
                <TableCell colSpan={columns - (canDelete ? 1 : 0)}>
                  <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, mr: 2, overflowWrap: 'anywhere' }}>
                    {group.pasted}
                  </Box>
                  <Box component="span" sx={{ color: group.rows.length === 0 ? 'text.secondary' : undefined }}>
                    {group.rows.length === 0 ? t('keys.dup.nowhere') : t('keys.dup.copies', { count: group.rows.length })}
                  </Box>
                </TableCell>
              </TableRow>
              {group.rows.map((row) => {
                const outcome = outcomeText(row);
                return (
                  <TableRow key={row.keyId}>
                    {canDelete && <TableCell padding="checkbox">{rowCheck(row)}</TableCell>}
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{row.value}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.address || '—'}</TableCell>
                    <TableCell>
                      <DeviceLink mac={row.mac} />
                    </TableCell>
                    <TableCell align="right">{row.flatNum ?? '—'}</TableCell>
                    <TableCell>{row.authentic === 1 ? t('keys.yes') : t('keys.no')}</TableCell>
                    {withOutcomes && (
                      <TableCell sx={{ color: outcome ? (outcome.deleted ? 'success.dark' : 'error.main') : undefined }}>{outcome?.text ?? ''}</TableCell>
                    )}
                  </TableRow>
                );
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ResultCards({ groups, model, canDelete }: RowsProps) {
  const t = useT();
  const { outcomeText, rowCheck, groupCheck } = useRowParts(model);
  return (
    <Box component="ul" aria-label={t('keys.dup.result')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {groups.map((group) => (
        <Paper component="li" key={group.pasted} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {canDelete && groupCheck(group)}
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>{group.pasted}</Typography>
            <Typography variant="body2" color="text.secondary">
              {group.rows.length === 0 ? t('keys.dup.nowhere') : t('keys.dup.copies', { count: group.rows.length })}
            </Typography>
          </Box>
          {group.rows.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'grid', gap: 1 }}>
              {group.rows.map((row) => {
                const outcome = outcomeText(row);
                return (
                  <Box component="li" key={row.keyId} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', borderTop: 1, borderColor: 'divider', pt: 1 }}>
                    {canDelete && rowCheck(row)}
                    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, flex: 1 }}>
                      <Box>
                        <DeviceLink mac={row.mac} />
                      </Box>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {row.address || '—'}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[row.flatNum === null ? null : t('keys.card.flat', { flat: row.flatNum }), row.authentic === 1 ? null : t('keys.card.notAuthentic')].filter(Boolean).join(' · ')}
                      </Typography>
                      {outcome && (
                        <Typography variant="body2" color={outcome.deleted ? 'success.dark' : 'error'}>
                          {outcome.text}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
