import { describe, expect, it } from 'vitest';
import { BACKENDS, expectError, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('input validation on %s', (backend) => {
  const app = useApp(backend);

  it.each([
    ['PUT', '/front/user-options', { settingOptions: { timezone: 5 } }, /Некорректное поле settingOptions\.timezone: ожидается непустая строка, получено: 5/],
    ['PUT', '/front/user-options', { settingOptions: { language: '' } }, /Некорректное поле settingOptions\.language/],
    ['PUT', '/front/user-options', { settingOptions: { theme: 'dark' } }, /Некорректное поле settingOptions\.theme: неизвестное поле/],
    ['PUT', '/front/user-options', {}, /Некорректное поле settingOptions: обязательное поле/],
    ['PUT', '/front/user-options', [], /Некорректный запрос: ожидается объект/],
    ['POST', '/front/house-list/create', { address: 'г. Тверь, ул. Новая, д. 1' }, /Некорректное поле region: обязательное поле/],
    ['POST', '/front/house-list/create', { address: '  ', region: 69 }, /Некорректное поле address: ожидается непустая строка/],
    ['POST', '/front/house-list/create', { address: 'г. Тверь, ул. Новая, д. 1', region: '69' }, /Некорректное поле region: ожидается число/],
    ['POST', '/front/house-list/create', { address: 'г. Тверь, ул. Новая, д. 1', region: 1000 }, /Некорректное поле region/],
    ['POST', '/front/house-list/create', { address: 'г. Тверь, ул. Новая, д. 1', region: 69, fias: 'not-a-guid' }, /Некорректное поле fias/],
    ['POST', '/site/auth/login', { login: 'admin' }, /Некорректное поле password: обязательное поле/],
    ['POST', '/site/auth/login', { login: 'admin', password: 'admin', remember: true }, /Некорректное поле remember: неизвестное поле/],
  ] as const)('%s %s with %j: 400 naming the field', async (method, url, payload, message) => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.request(method, url, { payload }), 400, message);
  });

  it.each([
    ['/front/house-list?page=abc', /Некорректное поле page: .*получено: "abc"/],
    ['/front/house-list?page=0', /Некорректное поле page/],
    ['/front/house-list?page=-1', /Некорректное поле page/],
    ['/front/house-list?page=1.5', /Некорректное поле page/],
    ['/front/house-list?region=Москва', /Некорректное поле region: ожидается целое число/],
    ['/front/house-list?sort=address', /Некорректное поле sort: неизвестное поле/],
    ['/front/house-list?page=1&page=2', /Некорректное поле page/],
    ['/front/dictionary/get-options', /Некорректное поле dictionaryId: обязательное поле/],
    ['/front/dictionary/get-options?dictionaryId=colours', /Некорректное поле dictionaryId: допустимые значения: device_types, /],
    ['/front/user/abc', /Некорректное поле id: ожидается целое число/],
    ['/front/house-list/delete?uid=', /Некорректное поле uid/],
  ])('GET or DELETE %s: 400 naming the field', async (url, message) => {
    const client = await loginAs(app(), 'admin');
    const method = url.includes('/delete') ? 'DELETE' : 'GET';
    expectError(await client.request(method, url), 400, message);
  });

  it('answers invalid JSON with 400', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.request('PUT', '/front/user-options', { payload: '{"settingOptions": {', headers: { 'content-type': 'application/json' } });
    expectError(response, 400, /Некорректный JSON/);
  });

  it('answers an empty JSON body and a missing body with 400', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.request('PUT', '/front/user-options', { payload: '', headers: { 'content-type': 'application/json' } }), 400);
    expectError(await client.request('PUT', '/front/user-options'), 400, /Некорректный запрос/);
  });

  it('refuses a body that is not JSON: 415', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.request('PUT', '/front/user-options', { payload: 'language=en', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(response, 415, /application\/json/);
  });

  it('refuses a prototype-polluting body with 400', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.request('PUT', '/front/user-options', {
      payload: '{"__proto__": {"admin": true}, "settingOptions": {}}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 400);
  });

  it('answers an unknown API route with 404 JSON, logged in or not', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.get('/front/no-such-thing'), 404, /Не найдено/);
    expectError(await app().inject({ method: 'GET', url: '/front/no-such-thing', headers: { accept: 'text/html' } }), 404);
    expectError(await client.request('POST', '/adjuster/api/unknown', { payload: {} }), 404);
    expectError(await client.get('/site/auth/unknown'), 404);
  });

  it('never answers 500 to odd shapes', async () => {
    const client = await loginAs(app(), 'admin');
    const bodies = [null, true, 0, 'text', [], [{}], { settingOptions: null }, { settingOptions: [] }, { settingOptions: { timezone: { a: 1 } } }, { settingOptions: { timezone: 'x'.repeat(10_000) } }];
    for (const payload of bodies) {
      const response = await client.request('PUT', '/front/user-options', { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
    }
    for (const url of ['/front/house-list?houseUid[]=a', '/front/house-list?region=99999999999999999999', '/front/house-list?page=1e309', '/front/house-list?fias=%00', '/front/user/99999999999999999999', '/front/user/-1']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
