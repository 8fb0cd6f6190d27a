import type { RegisterOptions } from 'react-hook-form';
import type { Translate } from '@/features/auth/messages';
import { HttpError, errorMessage } from '@/lib/http';

export interface LoginFormValues {
  login: string;
  password: string;
}

export const EMPTY_LOGIN_FORM: LoginFormValues = { login: '', password: '' };

export function loginRules(t: Translate): { login: RegisterOptions<LoginFormValues, 'login'>; password: RegisterOptions<LoginFormValues, 'password'> } {
  return {
    login: { validate: (value) => value.trim() !== '' || t('login.error.loginRequired') },
    password: { validate: (value) => value !== '' || t('login.error.passwordRequired') },
  };
}

/** The text shown above the form when the login call fails. */
export function loginErrorText(error: unknown, t: Translate): string {
  if (error instanceof HttpError && error.status === 429) {
    return error.body && typeof error.body === 'object' && 'message' in error.body ? error.message : t('login.error.tooMany');
  }
  return errorMessage(error) || t('login.error.failed');
}
