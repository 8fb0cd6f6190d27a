import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { OutlinedSelect } from '@/components/outlined-field';
import { PageSection } from '@/components/page-section';
import { setUserAccess } from '../api';
import { useT } from '../messages';
import { accessRows, checkAccess, labelOf, mapOptions, newAccessRow, sameAccess, type AccessRow } from '../model';
import { useUser, useUserMutation } from '../use-user-page';
import { EmptyNote } from './facts';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

type Column = keyof AccessRow;

/** The editors' access rows: a service, an action and a reason each; rows added and removed, saved at once. */
export function AccessEditor() {
  const t = useT();
  const { userId, user, canWrite } = useUser();
  const saved = accessRows(user);
  const [draft, setDraft] = useState<AccessRow[] | null>(null);
  const [problem, setProblem] = useState<'incomplete' | 'duplicate' | null>(null);
  const rows = draft ?? saved;
  const dirty = draft !== null && !sameAccess(draft, saved);
  useUnsavedChangesGuard(dirty);
  const save = useUserMutation({
    send: (next: AccessRow[]) => setUserAccess(userId, next),
    done: () => t('user.access.saved'),
    onDone: () => setDraft(null),
  });
  const edit = (next: AccessRow[]) => {
    setProblem(null);
    setDraft(next);
  };
  const change = (index: number, column: Column, value: string) => edit(rows.map((row, at) => (at === index ? { ...row, [column]: value } : row)));
  const submit = () => {
    const found = checkAccess(rows);
    setProblem(found);
    if (!found) void save.run(rows);
  };
  const columns: { column: Column; label: string; map: Record<string, string> | undefined }[] = [
    { column: 'service', label: t('user.access.service'), map: user.services },
    { column: 'action', label: t('user.access.action'), map: user.actions },
    { column: 'reason', label: t('user.access.reason'), map: user.reasons },
  ];

  return (
    <PageSection
      title={t('user.section.access')}
      count={rows.length}
      error={save.error}
      actions={
        <Button startIcon={<Add />} disabled={save.pending} onClick={() => edit([...rows, newAccessRow(user)])}>
          {t('user.access.add')}
        </Button>
      }
    >
      {rows.length === 0 && <EmptyNote>{t('user.access.none')}</EmptyNote>}
      <Box component="ul" aria-label={t('user.section.access')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((row, index) => (
          <Box
            component="li"
            key={index}
            aria-label={t('user.access.row', { number: index + 1 })}
            sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'repeat(3, minmax(0, 1fr)) auto' } }}
          >
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gridColumn: { md: '1 / 4' } }}>
              {columns.map(({ column, label, map }) => (
                <OutlinedSelect key={column} size="small" label={label} value={row[column]} disabled={save.pending} onChange={(event) => change(index, column, event.target.value)}>
                  {row[column] === '' && <option value="">{t('user.access.choose')}</option>}
                  {row[column] !== '' && !(row[column] in (map ?? {})) && <option value={row[column]}>{row[column]}</option>}
                  {mapOptions(map).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </OutlinedSelect>
              ))}
            </Box>
            <IconButton
              aria-label={t('user.access.remove', { service: labelOf(user.services, row.service) })}
              disabled={save.pending}
              onClick={() => edit(rows.filter((_, at) => at !== index))}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        ))}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem === 'duplicate' ? t('user.access.duplicate') : t('user.access.incomplete')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={!dirty || !canWrite || save.pending} onClick={submit} sx={{ minHeight: 44 }}>
          {save.pending ? t('user.saving') : t('user.access.save')}
        </Button>
        <Button
          disabled={draft === null || save.pending}
          onClick={() => {
            setProblem(null);
            setDraft(null);
          }}
          sx={{ minHeight: 44 }}
        >
          {t('user.cancel')}
        </Button>
      </Box>
    </PageSection>
  );
}
