import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommutatorsPage } from '@/features/commutators/components/commutators-page';
import { matrixDraftId } from '@/features/commutators/use-matrix-draft';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { loadDraft, saveDraft } from '@/offline/drafts';
import { saveSnapshot } from '@/offline/snapshots';
import { getOfflineDb } from '@/offline/db';
import { ADDRESS, HOUSE_UID, MAC, device } from '../../contract/fixtures';
import { jsonResponse, renderWithApp } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { loggedInClient } from '../../helpers/session';

const USER = 2;
const PATH = `/devices/${MAC}/commutators`;
const MATRIX_URL = `/front/devices/${encodeURIComponent(MAC)}/commutators`;
let posted: unknown[] = [];
let unitLoads = 0;
let checkPolls = 0;
let postAnswer: () => Response = () => jsonResponse(200, { result: true });
/** The server does not answer the matrix call (no network). */
let matrixDown = false;

/** Metakom 20: 2 columns × 10 rows, flats 1–20; flat 1 wired at row 1, column 1. */
function matrix20(): number[][] {
  const rows = Array.from({ length: 10 }, () => [0, 0]);
  rows[0][0] = 1;
  return rows;
}

function answer(matrix = matrix20()) {
  return {
    result: true,
    commutators: [{ index: 0, matrix }],
    mac: MAC,
    model: 1,
    commutationModels: {},
    device: device(),
    flatRange: { firstFlat: 1, lastFlat: 20, entranceNum: 1, entranceTitle: 'Подъезд 1' },
    checkLinelevelTaskId: null,
  };
}

beforeEach(async () => {
  posted = [];
  unitLoads = 0;
  checkPolls = 0;
  postAnswer = () => jsonResponse(200, { result: true });
  matrixDown = false;
  setCsrfToken('token');
  setLoggedFlag(true);
  await getOfflineDb().drafts.clear();
  await getOfflineDb().outbox.clear();
  await getOfflineDb().snapshots.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = decodeURIComponent(url.split('?')[0]);
      if (method === 'GET' && path === decodeURIComponent(MATRIX_URL)) {
        if (matrixDown) throw new TypeError('Failed to fetch');
        // Read from the device: flat 2 is wired there, and a line-level check starts.
        if (url.includes('fetchFromDevice')) return jsonResponse(200, { ...answer(matrix20().map((row, index) => (index === 1 ? [2, 0] : row))), checkLinelevelTaskId: 'task-1' });
        return jsonResponse(200, answer());
      }
      if (path.endsWith('/line-level-checks/task-1')) {
        checkPolls += 1;
        const finished = checkPolls > 1;
        return jsonResponse(200, {
          result: true,
          check: {
            taskId: 'task-1',
            mac: MAC,
            status: finished ? 'failed' : 'running',
            progress: finished ? 40 : 20,
            message: finished ? 'Проверка уровня линии прервана: устройство перестало отвечать' : null,
            startedAt: '2026-11-25T16:00:00.000Z',
            finishedAt: finished ? '2026-11-25T16:00:03.000Z' : null,
          },
        });
      }
      if (method === 'POST' && path === decodeURIComponent(MATRIX_URL)) {
        posted.push(JSON.parse(String(init.body)));
        return postAnswer();
      }
      if (path.endsWith('/abonent-units')) {
        unitLoads += 1;
        return jsonResponse(200, { result: true, abonentUnits: { '1': { id: 1, lineLevel: { lastChange: '2026-11-25T10:00:00.000Z', level: 12 }, mac: MAC, options: {}, panelCode: 1, type: 0 } } });
      }
      if (path === `/front/houses/${HOUSE_UID}`) return jsonResponse(200, { result: true, data: { id: HOUSE_UID, address: ADDRESS, region: 16, fias: null } });
      return jsonResponse(404, { result: false, message: 'not in this test' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(role: 'management' | 'support' | 'adjuster' = 'management') {
  const client = loggedInClient({ roles: [role], userId: USER });
  return renderWithApp(<CommutatorsPage />, { path: PATH, route: '/devices/:mac/commutators', client });
}

const cell = (row: number, column: number) => screen.getByRole('textbox', { name: `Ряд ${row}, столбец ${column}` });

describe('the commutation matrix screen', () => {
  it('a roving-tabindex grid: arrows, Enter and Tab move, digits edit, Delete clears', async () => {
    open();
    expect(await screen.findByRole('grid', { name: 'Матрица коммутатора 1' })).toBeTruthy();
    expect(cell(1, 1).tabIndex).toBe(0);
    expect(cell(1, 2).tabIndex).toBe(-1);
    act(() => cell(1, 1).focus());
    fireEvent.keyDown(cell(1, 1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 2));
    expect(cell(1, 2).tabIndex).toBe(0);
    expect(cell(1, 1).tabIndex).toBe(-1);
    fireEvent.change(cell(1, 2), { target: { value: '7' } });
    expect((cell(1, 2) as HTMLInputElement).value).toBe('7');
    fireEvent.keyDown(cell(1, 2), { key: 'Enter' });
    expect(document.activeElement).toBe(cell(2, 2));
    fireEvent.keyDown(cell(2, 2), { key: 'Tab' });
    expect(document.activeElement).toBe(cell(3, 1));
    fireEvent.keyDown(cell(3, 1), { key: 'ArrowUp' });
    fireEvent.keyDown(cell(2, 1), { key: 'ArrowUp' });
    fireEvent.keyDown(cell(1, 1), { key: 'Delete' });
    expect((cell(1, 1) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Не подключены \(19\): 1–6, 8–20/)).toBeTruthy();
  });

  it('a duplicate marks both cells, names them and keeps Save disabled; fixing it saves every commutator', async () => {
    open();
    await screen.findByRole('grid');
    fireEvent.change(cell(2, 2), { target: { value: '1' } });
    expect(cell(1, 1).getAttribute('aria-invalid')).toBe('true');
    expect(cell(2, 2).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/квартира 1: коммутатор 1, ряд 1, столбец 1; коммутатор 1, ряд 2, столбец 2/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(cell(2, 2), { target: { value: '21' } });
    expect(screen.getByText(/Номера вне диапазона квартир 1–20/)).toBeTruthy();
    fireEvent.change(cell(2, 2), { target: { value: '2' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    const expected = matrix20();
    expected[1][1] = 2;
    expect(posted[0]).toEqual({ model: 1, matrix: [{ index: 0, matrix: expected }] });
  });

  it("the server's refusals are shown plainly: a 400 naming the cell, a 403 as no rights; the edits stay", async () => {
    open('adjuster');
    await screen.findByRole('grid');
    fireEvent.change(cell(2, 1), { target: { value: '3' } });
    postAnswer = () => jsonResponse(400, { result: false, message: 'Некорректное поле matrix[0][1][0]: квартира 3 вне диапазона 1–2' });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Матрица не сохранена: Некорректное поле matrix[0][1][0]: квартира 3 вне диапазона 1–2')).toBeTruthy();
    postAnswer = () => jsonResponse(403, { result: false, message: 'Недостаточно прав' });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Матрица не сохранена: Нет прав: Недостаточно прав')).toBeTruthy();
    expect((cell(2, 1) as HTMLInputElement).value).toBe('3');
  });

  it('choosing no model removes the commutator: saved as model null without matrices', async () => {
    open();
    await screen.findByRole('grid');
    fireEvent.change(screen.getByRole('combobox', { name: 'Модель (тип ключа)' }), { target: { value: '' } });
    expect(screen.getByText(/У устройства нет коммутатора/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(posted).toEqual([{ model: null, matrix: [] }]));
  });

  it('reading from the device asks before replacing unsaved edits, then follows the line-level check to its end (failed: its message) and reloads the units', async () => {
    open();
    await screen.findByRole('grid');
    await waitFor(() => expect(unitLoads).toBe(1));
    fireEvent.change(cell(5, 2), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Считать с устройства' }));
    const confirm = await screen.findByRole('button', { name: 'Считать и заменить' }, { timeout: 10_000 });
    fireEvent.click(confirm);
    expect(await screen.findByText('Проверка уровней линий: 20%')).toBeTruthy();
    expect((cell(2, 1) as HTMLInputElement).value).toBe('2');
    expect((cell(5, 2) as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Проверка уровней линий не удалась: Проверка уровня линии прервана: устройство перестало отвечать', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(unitLoads).toBe(2));
  });

  it('the abonent units name the handset and mark a dead line; a click highlights its cell', async () => {
    open();
    const unit = await screen.findByRole('button', { name: /Код 1 · аналоговая трубка/ });
    expect(unit.textContent).toMatch(/Линия не отвечает: уровень 12/);
    fireEvent.click(unit);
    expect(cell(1, 1).closest('td')?.hasAttribute('data-highlight')).toBe(true);
  });

  it('edits are kept as a draft by MAC; coming back offers them, and restoring brings the cells back', async () => {
    const first = open();
    await screen.findByRole('grid');
    fireEvent.change(cell(3, 2), { target: { value: '5' } });
    first.unmount();
    const id = matrixDraftId(USER, MAC);
    // The draft is written as the page goes; on a loaded machine that took over waitFor's default second.
    await waitFor(async () => expect((await loadDraft(getOfflineDb(), id, { kind: 'commutators', userId: USER })).status).toBe('ok'), { timeout: 5_000 });
    const stored = await loadDraft(getOfflineDb(), id, { kind: 'commutators', userId: USER });
    expect(stored.status === 'ok' && stored.draft.data.commutators[0].matrix[2][1]).toBe(5);
    expect(stored.status === 'ok' && stored.draft.target.mac).toBe(MAC);

    open();
    expect(await screen.findByText(/Есть несохранённые изменения от/)).toBeTruthy();
    expect((cell(3, 2) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Восстановить' }));
    expect((cell(3, 2) as HTMLInputElement).value).toBe('5');
    expect(screen.queryByText(/Есть несохранённые изменения от/)).toBeNull();
  });

  it('discarding the offered draft deletes it', async () => {
    const data = { mac: MAC, model: 1, size: 20, commutators: [{ index: 0, matrix: matrix20().map((row, index) => (index === 4 ? [0, 9] : row)) }], base: '' };
    await saveDraft(getOfflineDb(), { id: matrixDraftId(USER, MAC), kind: 'commutators', userId: USER, title: 't', target: { mac: MAC }, data });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Отбросить' }));
    await waitFor(async () => expect((await loadDraft(getOfflineDb(), matrixDraftId(USER, MAC))).status).toBe('missing'));
    expect((cell(5, 2) as HTMLInputElement).value).toBe('');
  });

  it('offline: says so, turns off reading and copying; Save queues the matrix as an outbox job tied to its draft, which then is not edited', async () => {
    open();
    await screen.findByRole('grid');
    await whileOffline(async () => {
      expect(await screen.findByText(/Нет связи с сервером\. Изменения сохраняются в черновике/)).toBeTruthy();
      fireEvent.change(cell(4, 1), { target: { value: '9' } });
      expect((cell(4, 1) as HTMLInputElement).value).toBe('9');
      for (const name of ['Считать с устройства', 'Копировать в другие подъезды']) {
        expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
      }
      const id = matrixDraftId(USER, MAC);
      await waitFor(async () => {
        const stored = await loadDraft(getOfflineDb(), id, { kind: 'commutators', userId: USER });
        expect(stored.status === 'ok' && stored.draft.data.commutators[0].matrix[3][0]).toBe(9);
      });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText(/Матрица в очереди отправки/)).toBeTruthy();
      const jobs = await getOfflineDb().outbox.toArray();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ kind: 'commutators', method: 'POST', url: MATRIX_URL, draftId: id, target: { mac: MAC, house: HOUSE_UID }, status: 'queued' });
      expect((jobs[0].body as { matrix: { matrix: number[][] }[] }).matrix[0].matrix[3][0]).toBe(9);
      expect(posted).toEqual([]);
      // The queued matrix is the one shown, and it waits unchanged.
      expect((cell(4, 1) as HTMLInputElement).readOnly).toBe(true);
      expect((screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    });
  });

  it('opens without the server from the house taken offline, marked as saved data with its age; a device not saved says so', async () => {
    matrixDown = true;
    const saved = answer(matrix20().map((row, index) => (index === 2 ? [3, 0] : row)));
    await saveSnapshot(getOfflineDb(), { userId: USER, houseUid: HOUSE_UID, house: { id: HOUSE_UID, address: ADDRESS, region: 16 }, entrances: [], flats: [], devices: [{ mac: MAC, commutators: saved }] }, Date.now() - 5 * 60_000);
    await whileOffline(async () => {
      const view = open('adjuster');
      await screen.findByRole('grid');
      expect((cell(3, 1) as HTMLInputElement).value).toBe('3');
      expect(screen.getByText(/Показана матрица, сохранённая для офлайн-работы .+ \(5 минут назад\)/)).toBeTruthy();
      view.unmount();
      await getOfflineDb().snapshots.clear();
      open('adjuster');
      expect(await screen.findByText(/матрица этого устройства не сохранена для офлайн-работы/)).toBeTruthy();
    });
  });

  it('support reads: cells are read-only and nothing that changes is offered', async () => {
    open('support');
    await screen.findByRole('grid');
    expect(screen.getByText(/Только просмотр/)).toBeTruthy();
    expect((cell(1, 1) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.keyDown(cell(1, 1), { key: 'Delete' });
    expect((cell(1, 1) as HTMLInputElement).value).toBe('1');
    for (const name of ['Сохранить', 'Заполнить по порядку', 'Считать с устройства', 'Копировать в другие подъезды']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Модель (тип ключа)' }) as HTMLSelectElement).disabled).toBe(true);
  });
});
