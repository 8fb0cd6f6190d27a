import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/auth/messages';
import { loginErrorText } from '../model';
import { useLogin } from '../use-login';
import { LoginForm } from './login-form';

export function LoginPage() {
  const t = useT();
  const loginMutation = useLogin();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 3, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Box sx={{ width: 40, height: 40, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <LockOutlined fontSize="small" />
          </Box>
          <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
            {t('login.title')}
          </Typography>
        </Box>
        <LoginForm
          onSubmit={(values) => loginMutation.mutateAsync(values).catch(() => undefined)}
          pending={loginMutation.isPending}
          error={loginMutation.error ? loginErrorText(loginMutation.error, t) : null}
        />
      </Paper>
    </Box>
  );
}
