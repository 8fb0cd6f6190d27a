import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommutatorsResponse } from '@contract/commutators';
import { CopyDialog } from '@/features/commutators/components/copy-dialog';
import type { MatrixState } from '@/features/commutators/model';
import { setCsrfToken } from '@/lib/csrf';
import { HOUSE_UID, device } from '../../contract/fixtures';
import { jsonResponse, renderWithApp } from '../../helpers/render';

const SOURCE = '00:1A:2B:3C:4D:01';
const range = (firstFlat: number, lastFlat: number) => ({ firstFlat, lastFlat, entranceNum: 1, entranceTitle: null });
const metakom20 = (cells: Record<string, number> = {}) =>
  Array.from({ length: 10 }, (_row, row) => Array.from({ length: 2 }, (_cell, column) => cells[`${row}:${column}`] ?? 0));

function answer(mac: string, model: number | null, flatRange: ReturnType<typeof range> | null): CommutatorsResponse {
  return {
    result: true,
    commutators: model === null ? [] : [{ index: 0, matrix: metakom20() }],
    mac,
    model,
    commutationModels: {},
    device: { ...device(), mac, houses: [HOUSE_UID] },
    flatRange,
    checkLinelevelTaskId: null,
  } as CommutatorsResponse;
}

const TARGETS: Record<string, CommutatorsResponse> = {
  '00:1A:2B:3C:4D:02': answer('00:1A:2B:3C:4D:02', 1, range(21, 40)),
  '00:1A:2B:3C:4D:03': answer('00:1A:2B:3C:4D:03', 1, range(21, 21)),
  '00:1A:2B:3C:4D:04': answer('00:1A:2B:3C:4D:04', 0, range(41, 60)),
  '00:1A:2B:3C:4D:05': answer('00:1A:2B:3C:4D:05', 1, range(61, 80)),
};
let posts: { mac: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  setCsrfToken('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = decodeURIComponent(url.split('?')[0]);
      if (path === '/front/devices/get-macs-from-house') return jsonResponse(200, { result: true, data: [SOURCE, ...Object.keys(TARGETS)] });
      const mac = /^\/front\/devices\/([^/]+)\/commutators$/.exec(path)?.[1];
      if (mac && init.method === 'POST') {
        posts.push({ mac, body: JSON.parse(String(init.body)) });
        return mac === '00:1A:2B:3C:4D:05'
          ? jsonResponse(400, { result: false, message: 'Некорректное поле matrix[0]: устройство занято' })
          : jsonResponse(200, { result: true });
      }
      if (mac && TARGETS[mac]) return jsonResponse(200, TARGETS[mac]);
      return jsonResponse(404, { result: false, message: 'not in this test' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copy to the other entrances of the house', () => {
  it('offers the panels of the same model, checks each against its own range, saves the rest and says per device what happened', async () => {
    const state: MatrixState = { model: 1, size: 20, commutators: [{ index: 0, matrix: metakom20({ '0:0': 1, '1:0': 2 }) }] };
    renderWithApp(<CopyDialog source={answer(SOURCE, 1, range(1, 20))} state={state} onClose={() => undefined} />);
    await screen.findByText('00:1A:2B:3C:4D:02 — квартиры 21–40');
    expect(screen.getByText('00:1A:2B:3C:4D:03 — квартиры 21–21')).toBeTruthy();
    expect(screen.getByText('00:1A:2B:3C:4D:05 — квартиры 61–80')).toBeTruthy();
    expect(screen.queryByText(/00:1A:2B:3C:4D:04/)).toBeNull();
    expect(screen.getByText(/Панелей с другой моделью или без коммутатора: 1/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Копировать' }));
    await screen.findByText('00:1A:2B:3C:4D:02: сохранено');
    await screen.findByText('00:1A:2B:3C:4D:05: не сохранено — Некорректное поле matrix[0]: устройство занято');
    expect(screen.getByText('00:1A:2B:3C:4D:03: не сохранено — вне диапазона квартир: 22')).toBeTruthy();
    await waitFor(() => expect(posts.map((post) => post.mac)).toEqual(['00:1A:2B:3C:4D:02', '00:1A:2B:3C:4D:05']));
    expect(posts[0].body).toEqual({ model: 1, matrix: [{ index: 0, matrix: metakom20({ '0:0': 21, '1:0': 22 }) }] });
  });
});
