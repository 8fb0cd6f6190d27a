import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { AuthItem } from '@contract/users';
import { createAppTheme } from '@/app/theme';
import { NotificationSlot } from '@/components/notifications/notification-slot';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function authItems(...names: string[]): Record<string, AuthItem> {
  const map: Record<string, AuthItem> = {};
  for (const name of names) map[name] = { type: 1, name, description: null, ruleName: null, data: null, createdAt: null, updatedAt: null };
  return map;
}

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

export function renderWithApp(
  ui: ReactNode,
  { path = '/', route = '*', client = testQueryClient() }: { path?: string; route?: string; client?: QueryClient } = {},
): RenderResult & { client: QueryClient } {
  const result = render(
    <ThemeProvider theme={createAppTheme('ru')}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <NotificationSlot />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, client };
}

/** Makes MUI's useMediaQuery see a viewport whose width queries match `matches` (happy-dom's default is 1024 px). */
export function stubScreen(matches: RegExp): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches.test(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}

/** A desktop-wide viewport. */
export function stubWideScreen(): void {
  stubScreen(/min-width/);
}

/** A phone-wide viewport. */
export function stubPhoneScreen(): void {
  stubScreen(/max-width/);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
