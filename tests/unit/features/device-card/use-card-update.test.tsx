import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCardUpdate } from '@/features/device-card/use-card-update';
import { fieldUnder } from '@/features/device-card/model';
import { HttpError } from '@/lib/http';
import { setPreferences } from '@/lib/preferences';
import { testQueryClient } from '../../helpers/render';

vi.mock('@/components/notifications/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/components/notifications/notify');

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

function saved(answer: object, done?: string) {
  return renderHook(() => useCardUpdate({ mac: 'AA:BB:CC:DD:EE:01', send: async () => answer, done }), { wrapper });
}

/** A card form of two volumes whose save fails with `failure`. */
function refused(failure: Error) {
  return renderHook(
    () => {
      const form = useForm({ defaultValues: { musicVolume: '150', panelVolume: '10' } });
      const update = useCardUpdate({
        mac: 'AA:BB:CC:DD:EE:01',
        send: async () => {
          throw failure;
        },
        form: { setError: form.setError, fieldOf: fieldUnder('audio.', ['musicVolume', 'panelVolume'] as const), reasonText: (reason) => JSON.stringify(reason) },
      });
      return { form, update };
    },
    { wrapper },
  );
}

afterEach(() => {
  vi.mocked(notify).mockClear();
  setPreferences({ language: 'ru' });
});

describe('useCardUpdate', () => {
  it("confirms a save with the server's message", async () => {
    const hook = saved({ result: true, message: 'Группы устройства сохранены' });
    await act(async () => void (await hook.result.current.run(undefined)));
    expect(notify).toHaveBeenCalledWith('Группы устройства сохранены', { variant: 'success' });
  });

  it('confirms a save the server answered without a message', async () => {
    const hook = saved({ result: true });
    await act(async () => void (await hook.result.current.run(undefined)));
    expect(notify).toHaveBeenCalledWith('Сохранено', { variant: 'success' });
  });

  it("in English, confirms in the card's own words, not the server's Russian", async () => {
    setPreferences({ language: 'en' });
    const hook = saved({ result: true, message: 'SIP-аккаунт сохранён' }, 'SIP account saved');
    await act(async () => void (await hook.result.current.run(undefined)));
    expect(notify).toHaveBeenCalledWith('SIP account saved', { variant: 'success' });
  });

  it('puts a 400 naming a field at that field, with no banner and no toast', async () => {
    const hook = refused(new HttpError(400, 'Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100, получено: 150', {}));
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.update.run(undefined);
    });
    expect(ok).toBe(false);
    expect(hook.result.current.form.getFieldState('musicVolume').error?.message).toBe(JSON.stringify({ kind: 'range', min: 0, max: 100 }));
    expect(hook.result.current.form.getFieldState('panelVolume').error).toBeUndefined();
    expect(hook.result.current.update.error).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows as a banner and a toast what names no field of the form', async () => {
    const hook = refused(new HttpError(400, 'Некорректное поле audio.bass: неизвестное поле', {}));
    await act(async () => void (await hook.result.current.update.run(undefined)));
    expect(hook.result.current.update.error).toBe('Некорректное поле audio.bass: неизвестное поле');
    expect(notify).toHaveBeenCalledWith('Некорректное поле audio.bass: неизвестное поле', { variant: 'error' });

    const failing = refused(new HttpError(502, 'Устройство ответило ошибкой', {}));
    await act(async () => void (await failing.result.current.update.run(undefined)));
    expect(failing.result.current.update.error).toBe('Устройство ответило ошибкой');
    expect(failing.result.current.form.getFieldState('musicVolume').error).toBeUndefined();
  });
});
