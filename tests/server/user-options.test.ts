import { describe, expect, it } from 'vitest';
import { UserOptionsResponse } from '../../contract/user-options';
import { BACKENDS, expectError, expectShape, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('user options on %s', (backend) => {
  const app = useApp(backend);

  it('reads the language and timezone records of the current user', async () => {
    const client = await loginAs(app(), 'installer');
    const body = expectShape(UserOptionsResponse, (await client.get('/front/user-options')).json());
    expect(body.result).toBe(true);
    const byName = Object.fromEntries(body.data.map((option) => [option.optionName, option]));
    expect(byName.language).toMatchObject({ userId: 3, value: 'ru' });
    expect(byName.timezone).toMatchObject({ userId: 3, value: 'Europe/Moscow' });
    expect(new Date(byName.timezone.lastChangeDate).toISOString()).toBe(byName.timezone.lastChangeDate);
  });

  it('saves timezone and language, answers the records, and keeps them', async () => {
    const client = await loginAs(app(), 'operator');
    const before = expectShape(UserOptionsResponse, (await client.get('/front/user-options')).json());
    const response = await client.request('PUT', '/front/user-options', { payload: { settingOptions: { timezone: 'Asia/Novosibirsk', language: 'en' } } });
    expect(response.statusCode).toBe(200);
    const saved = expectShape(UserOptionsResponse, response.json());
    const values = Object.fromEntries(saved.data.map((option) => [option.optionName, option.value]));
    expect(values).toEqual({ language: 'en', timezone: 'Asia/Novosibirsk' });
    const timezone = saved.data.find((option) => option.optionName === 'timezone')!;
    const previous = before.data.find((option) => option.optionName === 'timezone')!;
    expect(timezone.optionId).toBe(previous.optionId);
    expect(Date.parse(timezone.lastChangeDate)).toBeGreaterThan(Date.parse(previous.lastChangeDate));

    const again = expectShape(UserOptionsResponse, (await client.get('/front/user-options')).json());
    expect(Object.fromEntries(again.data.map((option) => [option.optionName, option.value]))).toEqual(values);
  });

  it('changes only the option sent', async () => {
    const client = await loginAs(app(), 'support');
    await client.request('PUT', '/front/user-options', { payload: { settingOptions: { language: 'en' } } });
    const body = expectShape(UserOptionsResponse, (await client.get('/front/user-options')).json());
    expect(Object.fromEntries(body.data.map((option) => [option.optionName, option.value]))).toEqual({ language: 'en', timezone: 'Europe/Moscow' });
  });

  it('keeps each user’s options apart', async () => {
    const admin = await loginAs(app(), 'admin');
    await admin.request('PUT', '/front/user-options', { payload: { settingOptions: { timezone: 'UTC' } } });
    const installer = await loginAs(app(), 'installer');
    const body = expectShape(UserOptionsResponse, (await installer.get('/front/user-options')).json());
    expect(body.data.find((option) => option.optionName === 'timezone')?.value).toBe('Europe/Moscow');
  });

  it('refuses values outside the dictionaries: 400 naming the field', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(
      await client.request('PUT', '/front/user-options', { payload: { settingOptions: { timezone: 'Mars/Olympus' } } }),
      400,
      /Некорректное поле settingOptions\.timezone: неизвестный часовой пояс "Mars\/Olympus"/,
    );
    expectError(
      await client.request('PUT', '/front/user-options', { payload: { settingOptions: { language: 'de' } } }),
      400,
      /Некорректное поле settingOptions\.language: неизвестный язык "de"/,
    );
  });
});
