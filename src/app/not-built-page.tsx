import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatches } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/i18n/i18n';
import type { RouteHandle } from './guard';

/** A route of spec §2 whose screen a later issue builds. It says so plainly; nothing here pretends to work. */
export function NotBuiltPage() {
  const t = useT();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return (
    <>
      <PageHeader title={handle ? t(handle.titleKey) : t('page.notBuilt.text')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 720 }}>
        <ConstructionOutlined color="warning" sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h2" component="p" sx={{ mb: 1 }}>
            {t('page.notBuilt.text')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('page.notBuilt.hint')}
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {t('page.notBuilt.back')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
