import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { AbonentUnitsResponse } from '../../contract/commutators';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import {
  DeviceGatewayError,
  type CommutationOnDevice,
  type DeviceChange,
  type DeviceFailureKind,
  type DeviceRef,
  type LineLevelReading,
} from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { LINE_LEVEL_TEXTS } from '../../server/jobs/line-level-checks';
import { owedOf, syncOf } from './device-sync-fixtures';
import { commutatorDevice, commutatorsUrl, getCheck, getCommutators, matrixOf, pollCheck, storedCommutation } from './commutators-fixtures';
import { BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';
import { acrossRestart } from './job-helpers';
import { waitFor } from './mc-upload-fixtures';
import { adminQuery, createDatabaseFromTemplate } from './postgres';

/**
 * The simulator with switches: reads and writes that fail as told, and line-level checks that
 * report 10 % and then wait for `release()` (or fail there).
 */
class ScriptedDevices extends DeviceSimulator {
  readFailure: DeviceFailureKind | null = null;
  applyFailure: DeviceFailureKind | null = null;
  checkFails = false;
  holdChecks = false;
  private released: () => void = () => undefined;
  private hold: Promise<void> = Promise.resolve();

  constructor() {
    super({ failureShare: 0, commutatorReadMs: 10, lineLevelMs: 40 });
    this.rearm();
  }

  rearm(): void {
    this.hold = new Promise((resolve) => {
      this.released = resolve;
    });
  }

  release(): void {
    this.released();
  }

  override async readCommutators(device: DeviceRef, stored: CommutationOnDevice) {
    if (this.readFailure) throw new DeviceGatewayError(this.readFailure, `Устройство ${device.mac} не отдало матрицу (${this.readFailure})`);
    return super.readCommutators(device, stored);
  }

  override async apply(device: DeviceRef, change: DeviceChange): Promise<void> {
    if (this.applyFailure) throw new DeviceGatewayError(this.applyFailure, `Устройство ${device.mac} не приняло ${change.kind}`);
    return super.apply(device, change);
  }

  override async checkLineLevels(device: DeviceRef, panelCodes: readonly number[], onProgress: (percent: number) => Promise<void> | void): Promise<LineLevelReading[]> {
    if (this.checkFails) {
      await onProgress(30);
      throw new DeviceGatewayError('error', `Проверка уровня линии прервана: устройство ${device.mac} перестало отвечать`);
    }
    if (this.holdChecks) {
      await onProgress(10);
      await this.hold;
    }
    return super.checkLineLevels(device, panelCodes, onProgress);
  }
}

async function unitsOf(client: TestClient, mac: string) {
  const response = await client.get(commutatorsUrl(mac, 'abonent-units'));
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(AbonentUnitsResponse, response.json()).abonentUnits;
}

describe.each(BACKENDS)('commutators and the device on %s', (backend) => {
  const devices = new ScriptedDevices();
  const app = useApp(backend, { deviceGateway: { driver: devices } });
  const db = () => app().database.drizzle;

  it('changes nothing when the device fails a read (502) or does not answer (504); a refused save is stored and owed until a retry', async () => {
    const device = await commutatorDevice(db(), 0, { first: 1, last: 20 });
    const operator = await loginAs(app(), 'operator');
    const saved = { index: 0, matrix: matrixOf(10, 2, [[0, 0, 7]]) };
    expect((await operator.request('POST', commutatorsUrl(device.mac), { payload: { model: 1, matrix: [saved] } })).statusCode).toBe(200);
    expect((await syncOf(operator, device.mac)).state).toBe('in-sync');
    const before = await storedCommutation(db(), device.id);
    const other = { model: 1, matrix: [{ index: 0, matrix: matrixOf(10, 2, [[0, 0, 8]]) }] };
    try {
      devices.readFailure = 'error';
      expectError(await operator.get(`${commutatorsUrl(device.mac)}?fetchFromDevice=1`), 502, /не отдало матрицу \(error\)/);
      devices.readFailure = 'timeout';
      expectError(await operator.get(`${commutatorsUrl(device.mac)}?fetchFromDevice=1`), 504, /не отдало матрицу \(timeout\)/);
      expect(await storedCommutation(db(), device.id)).toEqual(before);
      devices.applyFailure = 'error';
      const refused = await operator.request('POST', commutatorsUrl(device.mac), { payload: other });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json().message).toMatch(/сохранена; запись ждёт отправки на устройство: .*не приняло commutators/);
      const state = await syncOf(operator, device.mac);
      expect(state).toMatchObject({ state: 'failed', failedCount: 1 });
      expect(owedOf(state)).toEqual([['commutators', 'матрица', 'failed']]);
      expect(state.changes[0].lastError).toMatch(/не приняло commutators/);
    } finally {
      devices.readFailure = null;
      devices.applyFailure = null;
    }
    const after = await storedCommutation(db(), device.id);
    expect(after).not.toEqual(before);
    expect(await getCommutators(operator, device.mac)).toMatchObject({ commutators: [{ index: 0, matrix: other.matrix[0].matrix }] });
    expect(await syncOf(operator, device.mac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0, lastFailure: null });
    // The simulator itself: a disabled device refuses the read.
    await db().execute(sql`update devices set status_code = 2 where id = ${device.id}`);
    expectError(await operator.get(`${commutatorsUrl(device.mac)}?fetchFromDevice=1`), 502, /отключено или сброшено/);
    expect(await storedCommutation(db(), device.id)).toEqual(after);
  });

  it('records a check the device breaks off as failed with its message, and leaves the handsets alone', async () => {
    const device = await commutatorDevice(db(), 1, { first: 1, last: 10 });
    await db().execute(sql`insert into abonent_units (device_id, panel_code, line_level, line_level_changed_at) values (${device.id}, 4, 55, now() - interval '1 day')`);
    const operator = await loginAs(app(), 'operator');
    const before = await unitsOf(operator, device.mac);
    devices.checkFails = true;
    try {
      const read = await getCommutators(operator, device.mac, '?fetchFromDevice=1');
      const seen = await pollCheck(operator, device.mac, read.checkLinelevelTaskId!);
      expect(seen[seen.length - 1]).toMatchObject({ status: 'failed', progress: 30, message: `Проверка уровня линии прервана: устройство ${device.mac} перестало отвечать` });
      expect(seen[seen.length - 1].finishedAt).not.toBeNull();
    } finally {
      devices.checkFails = false;
    }
    expect(await unitsOf(operator, device.mac)).toEqual(before);
    // The matrix read before the check is kept.
    expect((await getCommutators(operator, device.mac)).model).toBe(1);
  });

  it('starts one check per device: a read while one runs answers the running one, which a plain read names too', async () => {
    const device = await commutatorDevice(db(), 2, { first: 1, last: 10 });
    const operator = await loginAs(app(), 'operator');
    devices.holdChecks = true;
    devices.rearm();
    try {
      const [first, second] = await Promise.all([
        getCommutators(operator, device.mac, '?fetchFromDevice=1'),
        getCommutators(operator, device.mac, '?fetchFromDevice=1'),
      ]);
      const taskId = first.checkLinelevelTaskId!;
      expect(second.checkLinelevelTaskId).toBe(taskId);
      await waitFor('progress', async () => (await getCheck(operator, device.mac, taskId)).progress === 10);
      expect(await getCheck(operator, device.mac, taskId)).toMatchObject({ status: 'running', progress: 10, finishedAt: null });
      expect((await getCommutators(operator, device.mac)).checkLinelevelTaskId).toBe(taskId);
      expect((await storedCommutation(db(), device.id)).checks).toBe(1);
      devices.release();
      expect((await pollCheck(operator, device.mac, taskId)).pop()).toMatchObject({ status: 'done', progress: 100 });
    } finally {
      devices.holdChecks = false;
      devices.release();
    }
    expect(Object.keys(await unitsOf(operator, device.mac))).toHaveLength(10);
  });

  it('reads a check whose process stopped answering (running for over two minutes) as failed, and starts a new one', async () => {
    const device = await commutatorDevice(db(), 3, { first: 1, last: 10 });
    const stale = randomUUID();
    await db().execute(sql`insert into line_level_checks (task_id, device_id, status, progress, started_at) values (${stale}, ${device.id}, 'running', 40, now() - interval '121 seconds')`);
    await db().execute(sql`insert into device_commutations (device_id, model, check_linelevel_task_id) values (${device.id}, 1, ${stale})`);
    const operator = await loginAs(app(), 'operator');
    expect((await getCommutators(operator, device.mac)).checkLinelevelTaskId).toBeNull();
    const check = await getCheck(operator, device.mac, stale);
    expect(check).toMatchObject({ taskId: stale, status: 'failed', progress: 40, message: LINE_LEVEL_TEXTS.stale });
    expect(check.finishedAt).not.toBeNull();
    const read = await getCommutators(operator, device.mac, '?fetchFromDevice=1');
    expect(read.checkLinelevelTaskId).not.toBe(stale);
    expect((await pollCheck(operator, device.mac, read.checkLinelevelTaskId!)).pop()?.status).toBe('done');
    // One started a minute ago is still running: it is not taken for dead.
    const fresh = randomUUID();
    await db().execute(sql`insert into line_level_checks (task_id, device_id, status, progress, started_at) values (${fresh}, ${device.id}, 'running', 20, now() - interval '60 seconds')`);
    await db().execute(sql`update device_commutations set check_linelevel_task_id = ${fresh} where device_id = ${device.id}`);
    expect((await getCheck(operator, device.mac, fresh)).status).toBe('running');
    expect((await getCommutators(operator, device.mac)).checkLinelevelTaskId).toBe(fresh);
  });
});

describe.each(BACKENDS)('line-level checks across server processes on %s', (backend) => {
  it('a second process reads the check the first ran to done, and one the first left when it stopped as failed', async () => {
    const devices = new ScriptedDevices();
    try {
      await acrossRestart(
        backend,
        {
          options: { deviceGateway: { driver: devices } },
          run: async (first) => {
            const done = await commutatorDevice(first.database.drizzle, 0, { first: 1, last: 12 });
            const left = await commutatorDevice(first.database.drizzle, 1, { first: 1, last: 12 });
            const operator = await loginAs(first, 'operator');
            const ran = await getCommutators(operator, done.mac, '?fetchFromDevice=1');
            await pollCheck(operator, done.mac, ran.checkLinelevelTaskId!);
            devices.holdChecks = true;
            const held = await getCommutators(operator, left.mac, '?fetchFromDevice=1');
            await waitFor('progress', async () => (await getCheck(operator, left.mac, held.checkLinelevelTaskId!)).progress === 10);
            return { done: { mac: done.mac, taskId: ran.checkLinelevelTaskId! }, left: { mac: left.mac, taskId: held.checkLinelevelTaskId! } };
          },
        },
        {
          options: { deviceGateway: { failureShare: 0, commutatorReadMs: 10, lineLevelMs: 40 } },
          run: async (second, before) => {
            const operator = await loginAs(second, 'operator');
            expect(await getCheck(operator, before.done.mac, before.done.taskId)).toMatchObject({ status: 'done', progress: 100 });
            expect(Object.keys(await unitsOf(operator, before.done.mac))).toHaveLength(12);
            expect(await getCheck(operator, before.left.mac, before.left.taskId)).toMatchObject({ status: 'failed', progress: 10, message: LINE_LEVEL_TEXTS.stopping });
            expect(await unitsOf(operator, before.left.mac)).toEqual({});
            // The matrix it read is kept, and a new read there runs to done here.
            const again = await getCommutators(operator, before.left.mac, '?fetchFromDevice=1');
            expect(again.model).toBe(1);
            expect((await pollCheck(operator, before.left.mac, again.checkLinelevelTaskId!)).pop()?.status).toBe('done');
          },
        },
      );
    } finally {
      devices.release();
    }
  });
});

describe.each(BACKENDS.filter((backend) => backend === 'postgres'))('line-level checks of two live processes on %s', () => {
  it('one process polls the progress and the end of the check the other runs', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `intercom_test_${randomBytes(6).toString('hex')}`;
    const url = await createDatabaseFromTemplate(adminUrl, inject('postgresTemplate')!, name);
    const devices = new ScriptedDevices();
    devices.holdChecks = true;
    const database = { kind: 'postgres' as const, url, poolSize: 4 };
    const runner = await buildApp({ database, deviceGateway: { driver: devices } });
    const reader = await buildApp({ database, deviceGateway: { failureShare: 0 } });
    try {
      const device = await commutatorDevice(runner.database.drizzle as Db, 0, { first: 1, last: 16 });
      const started = await getCommutators(await loginAs(runner, 'installer'), device.mac, '?fetchFromDevice=1');
      const taskId = started.checkLinelevelTaskId!;
      const support = await loginAs(reader, 'support');
      await waitFor('progress', async () => (await getCheck(support, device.mac, taskId)).progress === 10);
      expect(await getCheck(support, device.mac, taskId)).toMatchObject({ status: 'running', progress: 10 });
      expect((await getCommutators(support, device.mac)).checkLinelevelTaskId).toBe(taskId);
      devices.release();
      expect((await pollCheck(support, device.mac, taskId)).pop()).toMatchObject({ status: 'done', progress: 100 });
      expect(Object.keys(await unitsOf(support, device.mac))).toHaveLength(16);
    } finally {
      devices.release();
      await Promise.all([runner.close(), reader.close()]);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  });
});
