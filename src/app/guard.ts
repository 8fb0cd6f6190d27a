import { redirect, type LoaderFunction } from 'react-router-dom';
import { t, type MessageKey } from '@/i18n/i18n';
import { isLoggedIn } from '@/lib/logged-flag';
import type { ScreenMatch } from './screen-prefetch';

export const LOGIN_PATH = '/site/auth';
export const HOME_PATH = '/';

/**
 * A visitor whose logged flag is not 'true' goes to /site/auth, unless already there.
 * A logged-in visitor has nothing to do on the login form, so /site/auth sends them home.
 */
export function guardRedirect(pathname: string, logged: boolean): string | null {
  const onLogin = pathname.replace(/\/+$/, '') === LOGIN_PATH;
  if (!logged) return onLogin ? null : LOGIN_PATH;
  return onLogin ? HOME_PATH : null;
}

export interface RouteHandle {
  titleKey: MessageKey;
}

export function pageTitle(titleKey: MessageKey): string {
  return t(titleKey);
}

/**
 * Every route's loader. Loaders run when a navigation starts, before the new screen renders,
 * so the guard never shows a protected screen for a moment and the title is set before the
 * navigation completes.
 */
export function routeLoader(titleKey: MessageKey, onEnter?: (match: ScreenMatch) => void): LoaderFunction {
  return ({ request, params }) => {
    const url = new URL(request.url);
    const target = guardRedirect(url.pathname, isLoggedIn());
    if (target) return redirect(target);
    document.title = pageTitle(titleKey);
    onEnter?.({ params, search: url.searchParams });
    return null;
  };
}
