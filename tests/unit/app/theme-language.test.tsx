import CircularProgress from '@mui/material/CircularProgress';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { setPreferences } from '@/lib/preferences';
import { testQueryClient } from '../helpers/render';

afterEach(() => setPreferences({ language: 'ru' }));

describe('the theme in the user’s language', () => {
  it('names progress in English once the English strings arrive after a switch to English', async () => {
    // The switch comes before the English catalog is in (as when the user saves English in the settings).
    setPreferences({ language: 'en' });
    render(
      <AppProviders client={testQueryClient()}>
        <CircularProgress />
      </AppProviders>,
    );
    expect(await screen.findByRole('progressbar', { name: 'In progress…' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Выполняется…' })).toBeNull();
  });
});
