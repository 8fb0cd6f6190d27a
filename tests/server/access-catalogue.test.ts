import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessActionsResponse, AccessReasonsResponse, AccessServicesResponse, SetActionResponse, SetReasonResponse } from '../../contract/access';
import { ResultResponse } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('access catalogue on %s', (backend) => {
  const app = useApp(backend);

  const reasons = async (client: TestClient) => expectShape(AccessReasonsResponse, (await client.get('/front/access/get-reasons')).json()).data;
  const actions = async (client: TestClient) => expectShape(AccessActionsResponse, (await client.get('/front/access/get-actions')).json()).data;

  it('lists reasons, actions and services by id to operators, support and the superuser', async () => {
    for (const account of ['operator', 'support', 'admin'] as const) {
      const client = await loginAs(app(), account);
      const listed = await reasons(client);
      expect(listed.length, account).toBeGreaterThan(0);
      expect(listed.map((reason) => reason.id)).toEqual([...listed.map((reason) => reason.id)].sort((a, b) => a - b));
      expect((await actions(client)).length).toBeGreaterThan(0);
      const services = expectShape(AccessServicesResponse, (await client.get('/front/access/get-services')).json()).data;
      expect(services[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), type: expect.any(Number) });
    }
  });

  it('creates and edits a reason and an action, trimmed, and refuses a name taken twice: 409', async () => {
    const operator = await loginAs(app(), 'operator');
    const created = expectShape(SetReasonResponse, (await operator.request('POST', '/front/access/set-reason', { payload: { name: '  Ремонт домофона ', description: ' ' } })).json());
    expect(created).toMatchObject({ result: true, message: 'Причина добавлена', reason: { name: 'Ремонт домофона', description: null } });
    const edited = expectShape(
      SetReasonResponse,
      (await operator.request('POST', '/front/access/set-reason', { payload: { id: created.reason.id, name: 'Ремонт панели', description: 'По заявке' } })).json(),
    );
    expect(edited.reason).toEqual({ id: created.reason.id, name: 'Ремонт панели', description: 'По заявке' });
    expect(await reasons(operator)).toContainEqual(edited.reason);

    const action = expectShape(SetActionResponse, (await operator.request('POST', '/front/access/set-action', { payload: { id: null, name: 'Предупредить' } })).json());
    expect(action).toMatchObject({ result: true, action: { name: 'Предупредить', description: null } });
    expect(await actions(operator)).toContainEqual(action.action);

    expectError(await operator.request('POST', '/front/access/set-reason', { payload: { name: 'РЕМОНТ ПАНЕЛИ' } }), 409, /уже есть: «/);
    expectError(await operator.request('POST', '/front/access/set-reason', { payload: { name: '   ' } }), 400, /name/);
    expectError(await operator.request('POST', '/front/access/set-reason', { payload: { name: 'x'.repeat(201) } }), 400, /^Некорректное поле name/);
    expectError(await operator.request('POST', '/front/access/set-action', { payload: { name: 'Ок', description: 'x'.repeat(1001) } }), 400, /^Некорректное поле description/);
    expectError(await operator.request('POST', '/front/access/set-reason', { payload: { id: 999_999, name: 'Нет такой' } }), 404, /Причина не найдена/);
    expectError(await operator.request('POST', '/front/access/set-action', { payload: { id: 0, name: 'Нет такого' } }), 400, /^Некорректное поле id/);
  });

  it('takes one of four reasons of the same name sent at once, and refuses the others: 409', async () => {
    const [operator, admin] = [await loginAs(app(), 'operator'), await loginAs(app(), 'admin')];
    await Promise.all([operator.csrfToken(), admin.csrfToken()]);
    const name = `Одновременно ${backend}`;
    const answers = await Promise.all(
      [operator, admin, operator, admin].map((client) => client.request('POST', '/front/access/set-reason', { payload: { name } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await reasons(admin)).filter((reason) => reason.name === name)).toHaveLength(1);
  });

  it('saves the whole list in one transaction: a bad entry or an unknown id changes nothing', async () => {
    const admin = await loginAs(app(), 'admin');
    const before = await reasons(admin);
    const renamed = before.slice(0, 2).map((reason) => ({ ...reason, name: `${reason.name} (изм.)` }));
    const saved = expectShape(AccessReasonsResponse, (await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: renamed } })).json());
    expect(saved.data.slice(0, 2)).toEqual(renamed);
    expect(saved.data.length).toBe(before.length);

    const withUnknown = [{ ...renamed[0]!, name: 'Не сохранится' }, { id: 999_999, name: 'Нет такой' }];
    expectError(await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: withUnknown } }), 404, /Причина не найдена: id 999999/);
    expectError(await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: [renamed[0], { ...renamed[1], name: '' }] } }), 400, /reasons\.1\.name/);
    expectError(await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: [renamed[0], { ...renamed[1], name: 'x'.repeat(201) }] } }), 400, /^Некорректное поле reasons\.1\.name/);
    expectError(await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: [renamed[0], renamed[0]] } }), 400, /^Некорректное поле reasons\.1\.id/);
    expectError(await admin.request('POST', '/front/access/update-reasons', { payload: { reasons: [{ ...renamed[0], name: renamed[1]!.name }] } }), 409, /уже есть/);
    expect((await reasons(admin)).slice(0, 2)).toEqual(renamed);

    const actionList = await actions(admin);
    const updated = expectShape(AccessActionsResponse, (await admin.request('POST', '/front/access/update-actions', { payload: { actions: [{ id: actionList[0]!.id, name: 'Закрыть доступ', description: 'Все двери' }] } })).json());
    expect(updated.data[0]).toEqual({ id: actionList[0]!.id, name: 'Закрыть доступ', description: 'Все двери' });
    expectError(await admin.request('POST', '/front/access/update-actions', { payload: { actions: [{ id: actionList[0]!.id, name: ' ' }] } }), 400, /actions\.0\.name/);
  });

  it('deletes an unused entry and refuses one in use: 409 saying where', async () => {
    const db = app().database.drizzle;
    const operator = await loginAs(app(), 'operator');
    const unused = expectShape(SetReasonResponse, (await operator.request('POST', '/front/access/set-reason', { payload: { name: 'Временная причина' } })).json()).reason;
    expect(expectShape(ResultResponse, (await operator.request('DELETE', `/front/access/reason/${unused.id}`)).json())).toEqual({ result: true, message: 'Причина удалена' });
    expect((await reasons(operator)).map((reason) => reason.id)).not.toContain(unused.id);
    expectError(await operator.request('DELETE', `/front/access/reason/${unused.id}`), 404, /Причина не найдена/);
    expectError(await operator.request('DELETE', '/front/access/reason/abc'), 400, /id/);

    const used = expectShape(SetReasonResponse, (await operator.request('POST', '/front/access/set-reason', { payload: { name: 'Используемая причина' } })).json()).reason;
    const [flat] = await queryRows<{ id: number }>(db, sql`select id from flats order by id limit 1`);
    await queryRows(db, sql`insert into flat_permissions (flat_id, permission_name, access, reason) values (${flat!.id}, 'door', false, ${used.id})`);
    expectError(await operator.request('DELETE', `/front/access/reason/${used.id}`), 409, /Причину нельзя удалить: она используется \(в разрешениях квартир: 1\)/);

    const action = expectShape(SetActionResponse, (await operator.request('POST', '/front/access/set-action', { payload: { name: 'Используемое действие' } })).json()).action;
    const [reason] = await reasons(operator);
    await queryRows(db, sql`insert into user_access (user_id, service_id, action_id, reason_id) values (6, (select min(id) from access_services), ${action.id}, ${reason!.id}) on conflict do nothing`);
    await queryRows(db, sql`update user_access set action_id = ${action.id} where user_id = 6`);
    expectError(await operator.request('DELETE', `/front/access/action/${action.id}`), 409, /Действие нельзя удалить: оно используется \(в доступе пользователей: 1\)/);
    expect((await actions(operator)).map((item) => item.id)).toContain(action.id);
    const lone = expectShape(SetActionResponse, (await operator.request('POST', '/front/access/set-action', { payload: { name: 'Лишнее действие' } })).json()).action;
    expect((await operator.request('DELETE', `/front/access/action/${lone.id}`)).json()).toEqual({ result: true, message: 'Действие удалено' });
  });

  it('lets support and installers change nothing, installers read nothing; asks for a session and the CSRF token', async () => {
    const writes: [method: 'POST' | 'DELETE', url: string, payload?: object][] = [
      ['POST', '/front/access/set-reason', { name: 'Чужая' }],
      ['POST', '/front/access/set-action', { name: 'Чужое' }],
      ['DELETE', '/front/access/reason/1'],
      ['DELETE', '/front/access/action/1'],
      ['POST', '/front/access/update-reasons', { reasons: [{ id: 1, name: 'Чужая' }] }],
      ['POST', '/front/access/update-actions', { actions: [{ id: 1, name: 'Чужое' }] }],
    ];
    const before = await reasons(await loginAs(app(), 'admin'));
    for (const account of ['support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      for (const [method, url, payload] of writes) expectError(await client.request(method, url, { payload }), 403, /Недостаточно прав/);
    }
    const installer = await loginAs(app(), 'installer');
    for (const url of ['/front/access/get-reasons', '/front/access/get-actions', '/front/access/get-services']) {
      expectError(await installer.get(url), 403, /Недостаточно прав/);
      expectError(await new TestClient(app()).get(url), 401, /Требуется вход/);
    }
    const operator = await loginAs(app(), 'operator');
    for (const [method, url, payload] of writes) expectError(await operator.request(method, url, { payload, csrf: false }), 403, /CSRF/);
    expect(await reasons(operator)).toEqual(before);
  });
});
