import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { useT, type MessageKey } from '@/i18n/i18n';
import type { AccessRule } from './access-rules';

interface NoAccessPageProps {
  /** The screen asked for, by its title. */
  titleKey: MessageKey;
  rule: AccessRule;
}

/**
 * A screen this user may not use, opened by its address. It says so and who may open
 * it, and leads home; nothing of the screen itself (no controls, no retry) is shown or even loaded.
 */
export function NoAccessPage({ titleKey, rule }: NoAccessPageProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('access.denied.title')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 720 }}>
        <LockOutlined color="action" sx={{ fontSize: 40, flex: 'none' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="p" sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, mb: 1, overflowWrap: 'anywhere' }}>
            {t('access.denied.screen', { screen: t(titleKey) })}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t(rule.whoKey)}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('access.denied.hint')}
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {t('access.denied.home')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
