import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/access/messages';
import type { BulkEditor as BulkEditorState } from '../use-bulk-editor';
import { useNameRule } from '../use-catalogue';

/** «Изменить всё»: a row of fields per entry, one «Сохранить всё» for the rows that changed. */
export function BulkEditor({ editor, label, online }: { editor: BulkEditorState; label: string; online: boolean }) {
  const t = useT();
  const nameRule = useNameRule();
  const {
    register,
    formState: { errors },
  } = editor.form;
  return (
    <Box component="form" noValidate onSubmit={editor.submit} aria-label={label} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('access.catalogue.bulk.hint')}
      </Typography>
      {editor.failure && <Alert severity="error">{editor.failure}</Alert>}
      {editor.rows.map((row, index) => {
        const rowErrors = errors.rows?.[index];
        return (
          <Box
            key={row.key}
            role="group"
            aria-label={t('access.catalogue.bulk.row', { id: row.id })}
            // On a phone a row's two fields stack: a rule between rows tells them apart.
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: '40px 1fr 1.4fr' },
              alignItems: 'start',
              pb: { xs: 1.5, sm: 0 },
              // Width, style and colour apart: a responsive shorthand would reset the colour to black.
              borderBottomWidth: { xs: '1px', sm: 0 },
              borderBottomStyle: 'solid',
              borderBottomColor: 'divider',
            }}
          >
            <Typography color="text.secondary" sx={{ pt: 1, display: { xs: 'none', sm: 'block' } }}>
              {row.id}
            </Typography>
            <TextField
              {...register(`rows.${index}.name`, nameRule)}
              label={t('access.catalogue.rowName', { id: row.id })}
              required
              error={Boolean(rowErrors?.name)}
              helperText={rowErrors?.name?.message}
            />
            <TextField
              {...register(`rows.${index}.description`)}
              label={t('access.catalogue.rowDescription', { id: row.id })}
              error={Boolean(rowErrors?.description)}
              helperText={rowErrors?.description?.message}
            />
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 140 }}>
          {t('access.catalogue.bulk.changed', { count: editor.changedCount })}
        </Typography>
        <Button onClick={editor.cancel} disabled={editor.pending}>
          {t('access.catalogue.bulk.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={editor.pending || !online || editor.changedCount === 0}>
          {t('access.catalogue.bulk.save')}
        </Button>
      </Box>
    </Box>
  );
}
