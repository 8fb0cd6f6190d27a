import { afterEach, describe, expect, it } from 'vitest';
import { authItemLabel } from '@/lib/auth-item-labels';
import { setPreferences } from '@/lib/preferences';

describe('authItemLabel', () => {
  afterEach(() => setPreferences({ language: 'ru' }));

  it('shows the server’s description in Russian, also one the operator reworded', () => {
    setPreferences({ language: 'ru' });
    expect(authItemLabel('adjuster', 'Монтажник (настройка устройств)')).toBe('Монтажник (настройка устройств)');
    expect(authItemLabel('adjuster', 'Наладчик')).toBe('Наладчик');
  });

  it('names the product’s own roles and permissions in English, and leaves others as the server has them', () => {
    setPreferences({ language: 'en' });
    expect(authItemLabel('adjuster', 'Монтажник (настройка устройств)')).toBe('Installer (device set-up)');
    expect(authItemLabel('KEYS_LIST_PERMISSION', 'Ключи')).toBe('Keys');
    expect(authItemLabel('billing-clerk', 'Бухгалтер')).toBe('Бухгалтер');
  });

  it('falls back to the name when there is no description', () => {
    expect(authItemLabel('billing-clerk', null)).toBe('billing-clerk');
  });
});
