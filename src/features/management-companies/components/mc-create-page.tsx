import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { OutlinedField } from '@/components/outlined-field';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/management-companies/messages';
import { MC_LIST_PATH } from '../model';
import { useMcCreate } from '../use-mc-create';

/** `/mc/view-create` (management): internalId and name; the new company opens on its page for the rest. */
export function McCreatePage() {
  const t = useT();
  const { form, online } = useMcCreate();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Button component={RouterLink} to={MC_LIST_PATH} startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
        {t('mc.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, mb: 2 }}>
        {t('mc.create.title')}
      </Typography>
      {!online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('mc.create.offline')}
        </Alert>
      )}
      <PageSection title={t('mc.section.details')}>
        <Box component="form" noValidate aria-label={t('mc.create.title')} onSubmit={(event) => void form.submit(event)} sx={{ display: 'grid', gap: 2 }}>
          <OutlinedField
            name="internalId"
            label={t('mc.field.internalId')}
            required
            code
            autoFocus
            value={form.values.internalId}
            onChange={(event) => form.change('internalId', event.target.value)}
            error={form.errors.internalId}
            helperText={t('mc.field.internalId.helper')}
          />
          <OutlinedField
            name="name"
            label={t('mc.field.name')}
            required
            value={form.values.name}
            onChange={(event) => form.change('name', event.target.value)}
            error={form.errors.name}
          />
          <Typography variant="body2" color="text.secondary">
            {t('mc.create.hint')}
          </Typography>
          {form.banner && <Alert severity="error">{form.banner}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={!online || form.submitting} sx={{ minHeight: 44 }}>
              {form.submitting ? t('mc.create.creating') : t('mc.create.submit')}
            </Button>
          </Box>
        </Box>
      </PageSection>
    </Box>
  );
}
