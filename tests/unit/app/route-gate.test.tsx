import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_RULES } from '@/app/access-rules';
import { gatedPage } from '@/app/route-gate';
import type { AppRouteDefinition } from '@/app/route-table';
import { createAppTheme } from '@/app/theme';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, testQueryClient } from '../helpers/render';

const REFUSAL = 'Нет доступа к этому разделу';

function permissions(roles: string[]) {
  return { result: true, userId: 7, buyerId: 1, roles: authItems(...roles), permissions: authItems() };
}

/** Answers the permissions call once `release` is called, as a slow network would. */
function slowPermissions(answer: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/front/user/get-permissions') {
        await held;
        return answer();
      }
      return jsonResponse(200, { result: false, message: 'not in this test' });
    }),
  );
  return () => release();
}

function wizardRoute() {
  const page = vi.fn(async () => ({ Component: () => <button type="button">Далее</button> }));
  const route: AppRouteDefinition = { path: '/devices/wizard', titleKey: 'route.title.devicePortWizard', access: ACCESS_RULES.wizards, page };
  return { route, page };
}

/** Renders the gated route and records whether the refusal was ever on screen. */
function renderGated(route: AppRouteDefinition) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: route.path, lazy: gatedPage(route, client), hydrateFallbackElement: <p>загрузка</p> },
      { path: '/', element: <p>главная</p> },
      { path: '/site/auth', element: <p>вход</p> },
    ],
    { initialEntries: [route.path] },
  );
  const seen = { refusal: false };
  const observer = new MutationObserver(() => {
    if (document.body.textContent?.includes(REFUSAL)) seen.refusal = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  render(
    <ThemeProvider theme={createAppTheme('ru')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { client, seen, stop: () => observer.disconnect() };
}

beforeEach(() => {
  setCsrfToken('token');
  setLoggedFlag(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gatedPage', () => {
  it('shows support a plain refusal with a way home, never loading the wizard or offering a retry', async () => {
    const release = slowPermissions(() => jsonResponse(200, permissions(['support'])));
    const { route, page } = wizardRoute();
    renderGated(route);
    release();
    expect(await screen.findByRole('heading', { name: REFUSAL })).toBeTruthy();
    expect(screen.getByText('Нужна роль монтажника или оператора.')).toBeTruthy();
    expect(screen.getByText(/«Добавление устройства по базовой станции и порту»/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /Повторить|Далее/ })).toBeNull();
    expect(page).not.toHaveBeenCalled();
  });

  it('decides from whoever is logged in now: the next user, an installer, gets the wizard on the same route', async () => {
    const release = slowPermissions(() => jsonResponse(200, permissions(['support'])));
    const { route, page } = wizardRoute();
    const { client } = renderGated(route);
    release();
    await screen.findByRole('heading', { name: REFUSAL });
    client.setQueryData(sessionQueries.permissions().queryKey, permissions(['adjuster']));
    expect(await screen.findByRole('button', { name: 'Далее' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: REFUSAL })).toBeNull();
    expect(page).toHaveBeenCalledTimes(1);
  });

  it('keeps an installer on the loading indicator until the permissions arrive, then opens the wizard without a refusal in between', async () => {
    const release = slowPermissions(() => jsonResponse(200, permissions(['adjuster'])));
    const { route, page } = wizardRoute();
    const { seen, stop } = renderGated(route);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page).not.toHaveBeenCalled();
    release();
    expect(await screen.findByRole('button', { name: 'Далее' })).toBeTruthy();
    stop();
    expect(seen.refusal).toBe(false);
    expect(page).toHaveBeenCalledTimes(1);
  });

  it('opens the screen when the permissions could not be read: the server still refuses what it refuses', async () => {
    const release = slowPermissions(() => jsonResponse(500, { result: false, message: 'Внутренняя ошибка' }));
    const { route } = wizardRoute();
    const { seen, stop } = renderGated(route);
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Далее' })).toBeTruthy(), { timeout: 5_000 });
    stop();
    expect(seen.refusal).toBe(false);
  });

  it('sends a user whose session ended while the route loaded (a 401) to the login form, not to a refusal', async () => {
    const release = slowPermissions(() => jsonResponse(401, { result: false, message: 'Требуется вход' }));
    const { route, page } = wizardRoute();
    const { seen, stop } = renderGated(route);
    release();
    expect(await screen.findByText('вход')).toBeTruthy();
    stop();
    expect(seen.refusal).toBe(false);
    expect(page).not.toHaveBeenCalled();
  });
});
