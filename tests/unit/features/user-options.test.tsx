import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserOptionsPage } from '@/features/user-options/components/user-options-page';
import { formValuesFromOptions, lastChangeDate, selectValues } from '@/features/user-options/model';
import { setCsrfToken } from '@/lib/csrf';
import { getPreferences, resetPreferencesFromStorage } from '@/lib/preferences';
import { jsonResponse, renderWithApp } from '../helpers/render';

const TIMEZONES = { '1': 'Europe/Kaliningrad', '2': 'Europe/Moscow', '3': 'Asia/Omsk', '4': 'UTC' };
const option = (optionId: number, optionName: string, value: string | null, lastChangeDate: string) => ({ optionId, userId: 7, optionName, value, lastChangeDate });
const STORED = [option(1, 'language', 'ru', '2024-05-01 10:00:00'), option(2, 'timezone', 'Asia/Omsk', '2024-05-02 09:30:00')];

function server() {
  const puts: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/front/user-options' && init.method === 'GET') return jsonResponse(200, { result: true, data: STORED });
    if (url === '/front/user-options' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { settingOptions: { language: string; timezone: string } };
      puts.push(body);
      return jsonResponse(200, {
        result: true,
        data: [
          option(1, 'language', body.settingOptions.language, '2024-06-01 12:00:00'),
          option(2, 'timezone', body.settingOptions.timezone, '2024-06-01 12:00:00'),
        ],
      });
    }
    if (url.includes('dictionaryId=supported_languages')) return jsonResponse(200, { result: true, data: { '1': 'ru', '2': 'en' } });
    if (url.includes('dictionaryId=supported_timezones')) return jsonResponse(200, { result: true, data: TIMEZONES });
    throw new Error(`Unexpected ${init.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { puts, fetchMock };
}

beforeEach(() => {
  resetPreferencesFromStorage();
  setCsrfToken('token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserOptionsPage', () => {
  it('shows the stored options, with the last change in the user zone', async () => {
    server();
    renderWithApp(<UserOptionsPage />);
    const timezone = (await screen.findByLabelText('Часовой пояс')) as HTMLSelectElement;
    await waitFor(() => expect(timezone.value).toBe('Asia/Omsk'));
    expect((screen.getByLabelText('Язык') as HTMLSelectElement).value).toBe('ru');
    expect([...timezone.options].map((item) => item.value)).toEqual(['Europe/Kaliningrad', 'Europe/Moscow', 'Asia/Omsk', 'UTC']);
    // Europe/Moscow (the default) until the options apply; 09:30 UTC is 12:30 in Moscow.
    expect(screen.getByText('Последнее изменение: 02.05.2024, 12:30:00')).toBeTruthy();
  });

  it('saves with PUT {settingOptions}, confirms, and switches the UI language and zone', async () => {
    const { puts } = server();
    renderWithApp(<UserOptionsPage />);
    const timezone = (await screen.findByLabelText('Часовой пояс')) as HTMLSelectElement;
    await waitFor(() => expect(timezone.value).toBe('Asia/Omsk'));
    fireEvent.change(timezone, { target: { value: 'UTC' } });
    fireEvent.change(screen.getByLabelText('Язык'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Настройки сохранены')).toBeTruthy();
    expect(puts).toEqual([{ settingOptions: { timezone: 'UTC', language: 'en' } }]);
    expect(getPreferences()).toEqual({ language: 'en', timezone: 'UTC' });
    expect(await screen.findByLabelText('Time zone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByText('Last changed: 01/06/2024, 12:00:00')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toEqual({ language: 'en', timezone: 'UTC' });
  });
});

describe('user options model', () => {
  it('defaults to ru and Europe/Moscow for options never saved', () => {
    expect(formValuesFromOptions([])).toEqual({ language: 'ru', timezone: 'Europe/Moscow' });
    expect(formValuesFromOptions([option(1, 'language', null, '2024-01-01 00:00:00')])).toEqual({ language: 'ru', timezone: 'Europe/Moscow' });
    expect(formValuesFromOptions(STORED)).toEqual({ language: 'ru', timezone: 'Asia/Omsk' });
  });

  it('takes the latest change and keeps the current value selectable', () => {
    expect(lastChangeDate(STORED)).toBe('2024-05-02 09:30:00');
    expect(lastChangeDate([])).toBeNull();
    expect(selectValues(['UTC'], 'Asia/Omsk')).toEqual(['Asia/Omsk', 'UTC']);
    expect(selectValues(['UTC', 'UTC'], 'UTC')).toEqual(['UTC']);
  });
});
