import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCardUpdate } from '@/features/device-card/use-card-update';
import { testQueryClient } from '../../helpers/render';

vi.mock('@/components/notifications/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/components/notifications/notify');

function saved(answer: object) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useCardUpdate({ mac: 'AA:BB:CC:DD:EE:01', send: async () => answer }), { wrapper });
}

afterEach(() => {
  vi.mocked(notify).mockClear();
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
});
