import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Entrance } from '@contract/entrances';
import { SerialNumberWizardPage } from '@/features/serial-number-wizard/components/serial-number-wizard-page';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { createConnectivityStore } from '@/offline/connectivity';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import type { SendOutcome } from '@/offline/outbox';
import { createOfflineRuntime, type OfflineRuntime } from '@/offline/runtime';
import { OfflineRuntimeProvider } from '@/offline/runtime-context';
import { authItems, jsonResponse, renderWithApp, stubWideScreen, testQueryClient } from '../../helpers/render';
import { createFakeLocks } from '../../offline/helpers';

const HOUSE = { id: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', region: 77, fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' };
const ENTRANCE: Entrance = {
  id: 'e-1',
  buyerId: 1,
  entranceNum: 1,
  houseUid: 'h-1',
  title: 'Подъезд 1',
  type: 1,
  range: { start: 1, end: 8 },
  gates: [],
  relays: [],
};
const USER_ID = 3;
const DRAFT_ID = 'draft-under-test';

describe('SerialNumberWizardPage', () => {
  let runtime: OfflineRuntime;
  let send: ReturnType<typeof vi.fn<(job: OutboxJob) => Promise<SendOutcome>>>;

  beforeEach(async () => {
    stubWideScreen();
    setCsrfToken('token');
    setLoggedFlag(true);
    const db = getOfflineDb();
    await Promise.all([db.drafts.clear(), db.outbox.clear(), db.snapshots.clear()]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.startsWith('/front/house-list?')) {
          return jsonResponse(200, { result: true, pagination: { count: 1, page: 1, pageCount: 1, pageSize: 20, totalCount: 1 }, data: [HOUSE] });
        }
        if (url === '/front/wizard/entrances') return jsonResponse(200, { result: true, data: [ENTRANCE] });
        if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
        throw new Error(`Unexpected ${init.method} ${url}`);
      }),
    );
    send = vi.fn<(job: OutboxJob) => Promise<SendOutcome>>();
    runtime = createOfflineRuntime({
      db,
      currentUserId: () => USER_ID,
      send,
      locks: createFakeLocks(),
      connectivity: createConnectivityStore({ probe: async () => true }),
    });
    runtime.start();
  });

  afterEach(() => {
    runtime.stop();
    vi.unstubAllGlobals();
  });

  function render() {
    const client = testQueryClient();
    client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: USER_ID, buyerId: 1, roles: authItems('adjuster'), permissions: authItems() });
    return renderWithApp(
      <OfflineRuntimeProvider runtime={runtime}>
        <SerialNumberWizardPage />
      </OfflineRuntimeProvider>,
      { client, path: `/devices/serial-number-wizard?draft=${DRAFT_ID}`, route: '/devices/serial-number-wizard' },
    );
  }

  const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
  const openStep = (name: string) => fireEvent.click(within(screen.getByRole('list', { name: 'Шаги мастера' })).getByRole('button', { name }));

  async function fillValidDraft() {
    await screen.findByRole('heading', { name: 'Устройство', level: 2 });
    fireEvent.change(field('Серийный номер'), { target: { value: 'SN-0001' } });
    fireEvent.change(field('MAC-адрес'), { target: { value: 'aabbccddee01' } });
    fireEvent.blur(field('MAC-адрес'));
    await waitFor(() => expect(field('MAC-адрес').value).toBe('AA:BB:CC:DD:EE:01'));

    openStep('2. Адрес');
    const house = await screen.findByRole('combobox', { name: /Дом/ });
    fireEvent.focus(house);
    fireEvent.change(house, { target: { value: 'лесная' } });
    fireEvent.click(await screen.findByRole('option', { name: /ул\. Лесная/ }));
    const entrance = screen.getByRole('combobox', { name: /Подъезд/ });
    await waitFor(() => expect(within(entrance).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(entrance, { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('group', { name: 'Адрес установки' }).textContent).toContain(HOUSE.fias));

    openStep('3. Доступ');
    fireEvent.change(await screen.findByLabelText('DNS-имя устройства', { exact: false }), { target: { value: 'dom28.intercom.local' } });
    openStep('4. Отправка');
    await screen.findByRole('heading', { name: 'Отправка', level: 2 });
  }

  const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
  const stepper = () => screen.getByRole('list', { name: 'Шаги мастера' });

  it('saves every field to the draft as typed; a step with errors does not advance, by «Далее» or by a later step', async () => {
    render();
    await screen.findByRole('heading', { name: 'Устройство', level: 2 });
    fireEvent.change(field('Серийный номер'), { target: { value: 'SN-7' } });
    await waitFor(async () => expect((await getOfflineDb().drafts.get(DRAFT_ID))?.data).toMatchObject({ serialNumber: 'SN-7', login: 'root', model: 'ISCom' }));
    // Nothing is marked before the installer tries to move on.
    expect(within(stepper()).queryByText('!')).toBeNull();

    fireEvent.change(field('MAC-адрес'), { target: { value: 'zz:11:22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(heading()).toBe('Устройство');
    const mac = field('MAC-адрес');
    expect(mac.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('MAC-адрес — 12 шестнадцатеричных цифр, например AA:BB:CC:DD:EE:FF')).toBeTruthy();
    expect(document.activeElement).toBe(mac);
    expect(screen.getByRole('button', { name: '1. Устройство', description: 'Есть поля для исправления' })).toBeTruthy();
    expect(screen.getByText('Есть поля для исправления').parentElement?.textContent).toBe('Есть поля для исправления: Устройство');

    // A later step chosen in the stepper does not skip the check either.
    openStep('4. Отправка');
    expect(heading()).toBe('Устройство');

    // Fixed, the step lets the installer on; the next step with errors stops the jump and shows them.
    fireEvent.change(field('MAC-адрес'), { target: { value: 'aabbccddee07' } });
    expect(screen.queryByText('Есть поля для исправления')).toBeNull();
    openStep('4. Отправка');
    await screen.findByRole('heading', { name: 'Адрес', level: 2 });
    expect(await screen.findByText('Выберите дом')).toBeTruthy();
    expect(screen.getByText('Выберите подъезд', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2. Адрес', description: 'Есть поля для исправления' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Дом/ })));
    expect(send).not.toHaveBeenCalled();
  }, 20_000);

  it('queues through the outbox; a refusal needs attention with the server message, and the fixed draft is sent again', async () => {
    send
      .mockResolvedValueOnce({ type: 'http-error', status: 409, message: 'Устройство с MAC-адресом AA:BB:CC:DD:EE:01 уже зарегистрировано' })
      .mockResolvedValueOnce({ type: 'sent', status: 200, response: { result: 'success', message: 'Устройство зарегистрировано', data: { deviceId: 42, mac: 'AA:BB:CC:DD:EE:02', serialNumber: 'SN-0001' } } });
    render();
    await fillValidDraft();
    expect(submitButton('Отправить').disabled).toBe(false);
    fireEvent.submit(submitButton('Отправить').closest('form') as HTMLFormElement);

    const status = await screen.findByRole('status', { name: 'Состояние отправки' }, { timeout: 5_000 });
    await within(status).findByText('Сервер не принял заявку');
    expect(status.textContent).toContain('уже зарегистрировано');
    const [refused] = await getOfflineDb().outbox.toArray();
    expect(refused).toMatchObject({ kind: 'serial-number', status: 'needs-attention', draftId: DRAFT_ID, target: { mac: 'AA:BB:CC:DD:EE:01', house: HOUSE.address } });
    expect(refused.body).toMatchObject({ mac: 'AA:BB:CC:DD:EE:01', fias: HOUSE.fias, porch: 1, deviceOwner: null, url: 'dom28.intercom.local' });

    // The installer fixes the MAC and sends again: the same job, a new key for the new body.
    openStep('1. Устройство');
    fireEvent.change(field('MAC-адрес'), { target: { value: 'aa:bb:cc:dd:ee:02' } });
    openStep('4. Отправка');
    fireEvent.submit(submitButton('Отправить снова').closest('form') as HTMLFormElement);
    await within(await screen.findByRole('status', { name: 'Состояние отправки' }, { timeout: 5_000 })).findByText('Устройство зарегистрировано на сервере');

    const jobs = await getOfflineDb().outbox.toArray();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: refused.id, status: 'sent', body: { mac: 'AA:BB:CC:DD:EE:02' } });
    expect(jobs[0].idempotencyKey).not.toBe(refused.idempotencyKey);
    expect(send).toHaveBeenCalledTimes(2);
    // Kept, marked done: nothing is deleted without a person's confirmation.
    await waitFor(async () => expect((await getOfflineDb().drafts.get(DRAFT_ID))?.target.step).toBe('sent'));
    expect(screen.getByRole('button', { name: 'Удалить черновик' })).toBeTruthy();
  }, 20_000);
});
