import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { LightTextField } from '@/components/light-text-field';
import { useT } from '@/features/auth/messages';
import { EMPTY_LOGIN_FORM, loginRules, type LoginFormValues } from '../model';

interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => void | Promise<unknown>;
  pending?: boolean;
  error?: string | null;
}

export function LoginForm({ onSubmit, pending = false, error = null }: LoginFormProps) {
  const t = useT();
  const rules = loginRules(t);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({ defaultValues: EMPTY_LOGIN_FORM });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(async (values) => void (await onSubmit(values)))}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <LightTextField
        {...register('login', rules.login)}
        label={t('login.field.login')}
        autoComplete="username"
        autoFocus
        error={Boolean(errors.login)}
        helperText={errors.login?.message}
      />
      <LightTextField
        {...register('password', rules.password)}
        label={t('login.field.password')}
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
