import type { FeatureMessageKey } from './messages';

/** English strings of the login screen; the compiler checks none is missing. */
export const enMessages: Record<FeatureMessageKey, string> = {
  'login.title': 'Sign in',
  'login.field.login': 'Login',
  'login.field.password': 'Password',
  'login.submit': 'Sign in',
  'login.error.loginRequired': 'Enter your login',
  'login.error.passwordRequired': 'Enter your password',
  'login.error.failed': 'Could not sign in',
  'login.error.tooMany': 'Too many sign-in attempts. Try again later.',
  'login.showPassword': 'Show password',
  'login.hidePassword': 'Hide password',
};
