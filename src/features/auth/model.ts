import type { Translate } from '@/features/auth/messages';
import { HttpError, errorMessage } from '@/lib/http';

export interface LoginFormValues {
  login: string;
  password: string;
}

export const EMPTY_LOGIN_FORM: LoginFormValues = { login: '', password: '' };

/** Each field's error text, or null; the login of spaces counts as missing. */
export function loginErrors(values: LoginFormValues, t: Translate): Record<keyof LoginFormValues, string | null> {
  return {
    login: values.login.trim() === '' ? t('login.error.loginRequired') : null,
    password: values.password === '' ? t('login.error.passwordRequired') : null,
  };
}

/** The text shown above the form when the login call fails. */
export function loginErrorText(error: unknown, t: Translate): string {
  if (error instanceof HttpError && error.status === 429) {
    return error.body && typeof error.body === 'object' && 'message' in error.body ? error.message : t('login.error.tooMany');
  }
  return errorMessage(error) || t('login.error.failed');
}
