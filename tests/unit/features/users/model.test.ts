import { describe, expect, it } from 'vitest';
import { parseListState } from '@/components/list-table/list-state-model';
import {
  USER_LIST_STATE,
  accessBody,
  canEditUsers,
  checkAccess,
  checkMainInfo,
  checkSip,
  checkUserCreate,
  fieldOfPath,
  mainInfoBody,
  mainInfoValues,
  parseUserId,
  placeRefusal,
  roleChangeable,
  sipBody,
  userCreateBody,
  userListQuery,
} from '@/features/users/model';
import { HttpError } from '@/lib/http';
import { authItems } from '../../helpers/render';
import { userDetail } from './fixtures';

const state = (search: string) => parseListState(new URLSearchParams(search), USER_LIST_STATE);

describe('user list query', () => {
  it('turns the URL into the API query, numbers as numbers', () => {
    expect(userListQuery(state('page=3&login=iva&userId=41&comment=Лес'), false)).toEqual({ page: 3, login: 'iva', userId: 41, comment: 'Лес' });
  });

  it('drops an id that is not a number and the buyer filter of anyone but the superuser', () => {
    expect(userListQuery(state('userId=abc&buyerId=2'), false)).toEqual({ page: 1 });
    expect(userListQuery(state('buyerId=2'), true)).toEqual({ page: 1, buyerId: 2 });
    expect(userListQuery(state('buyerId=99999999999'), true)).toEqual({ page: 1 });
  });

  it('reads /users/:userId only as a positive integer', () => {
    expect(parseUserId('41')).toBe(41);
    expect(parseUserId('0')).toBeNull();
    expect(parseUserId('4a')).toBeNull();
    expect(parseUserId(undefined)).toBeNull();
  });
});

describe('who changes users (the server: USERS_LIST_PERMISSION, the superuser passes)', () => {
  it('is the permission holder or the superuser, never support', () => {
    expect(canEditUsers({ roles: authItems('management'), permissions: authItems('USERS_LIST_PERMISSION') })).toBe(true);
    expect(canEditUsers({ roles: authItems('superuser'), permissions: authItems() })).toBe(true);
    expect(canEditUsers({ roles: authItems('support'), permissions: authItems() })).toBe(false);
    expect(canEditUsers({ roles: authItems('management'), permissions: authItems() })).toBe(false);
  });

  it('lets a non-superuser change only the roles it holds', () => {
    const operator = { roles: authItems('management'), permissions: authItems('USERS_LIST_PERMISSION') };
    expect(roleChangeable(operator, 'management')).toBe(true);
    expect(roleChangeable(operator, 'superuser')).toBe(false);
    expect(roleChangeable({ roles: authItems('superuser'), permissions: authItems() }, 'support')).toBe(true);
  });
});

describe('create', () => {
  it('asks for a login and a password of 8 characters at least', () => {
    expect(checkUserCreate({ login: ' ', password: 'short', buyerId: '', comment: '', roles: [] }, false)).toEqual({ login: 'loginRequired', password: 'passwordShort' });
    expect(checkUserCreate({ login: 'a', password: '12345678', buyerId: 'x', comment: '', roles: [] }, true)).toEqual({ buyerId: 'buyerNumber' });
    expect(checkUserCreate({ login: 'a', password: '12345678', buyerId: 'x', comment: '', roles: [] }, false)).toEqual({});
  });

  it('leaves out an empty comment, buyer and roles; sends the buyer only from the superuser', () => {
    expect(userCreateBody({ login: ' new ', password: 'p@ss word', buyerId: '2', comment: ' ', roles: [] }, false)).toEqual({ login: 'new', password: 'p@ss word' });
    expect(userCreateBody({ login: 'new', password: '12345678', buyerId: '2', comment: 'жилец', roles: ['support'] }, true)).toEqual({
      login: 'new',
      password: '12345678',
      buyerId: 2,
      comment: 'жилец',
      roles: ['support'],
    });
  });

  it('places a refusal at the field its path names, and a duplicate login at the login', () => {
    expect(fieldOfPath('data.login', ['login', 'comment'] as const)).toBe('login');
    expect(fieldOfPath('password', ['login', 'password'] as const)).toBe('password');
    expect(fieldOfPath('data.sip', ['login'] as const)).toBeNull();
    expect(fieldOfPath('groups[1]', ['groups'] as const)).toBe('groups');
    const placed: string[] = [];
    const put = (field: string) => placed.push(field);
    const fields = (path: string) => fieldOfPath(path, ['login', 'roles'] as const);
    expect(placeRefusal(new HttpError(409, 'Некорректное поле login: логин ivanov уже занят', {}), fields, put)).toBeNull();
    expect(placeRefusal(new HttpError(403, 'Некорректное поле roles: нельзя выдать роль superuser', {}), fields, put)).toBeNull();
    expect(placed).toEqual(['login', 'roles']);
    // A 409 naming no field stays a banner.
    expect(placeRefusal(new HttpError(409, 'Нельзя удалить себя', {}), fields, put)).toBe('Нельзя удалить себя');
  });
});

describe('main info', () => {
  it('never fills the password from the stored one and sends it only when typed', () => {
    const values = mainInfoValues(userDetail({ password: 'stored-hash' }));
    expect(values.password).toBe('');
    expect(mainInfoBody(values, values, false).data).toEqual({});
    expect(mainInfoBody({ ...values, password: 'new-secret' }, values, false).data).toEqual({ password: 'new-secret' });
  });

  it('sends only what changed: the operator as a number or null, an emptied comment as null, the buyer only from the superuser', () => {
    const saved = mainInfoValues(userDetail({ operatorId: 2 }));
    const values = { ...saved, operatorId: '8', comment: '  ', roles: ['management', 'support'] };
    expect(mainInfoBody(values, saved, false).data).toEqual({ comment: null, operatorId: 8, roles: ['management', 'support'] });
    expect(mainInfoBody({ ...saved, operatorId: '', buyerId: '2' }, saved, false).data).toEqual({ operatorId: null });
    expect(mainInfoBody({ ...saved, buyerId: '2' }, saved, true).data).toEqual({ buyerId: 2 });
    // The same roles in another order are no change (one's own roles may not be sent at all).
    expect(mainInfoBody({ ...saved, roles: [...saved.roles].reverse() }, saved, false).data).toEqual({});
  });

  it('refuses a short new password but not an empty one', () => {
    const values = mainInfoValues(userDetail());
    expect(checkMainInfo(values, false)).toEqual({});
    expect(checkMainInfo({ ...values, password: '1234567' }, false)).toEqual({ password: 'passwordShort' });
    expect(checkMainInfo({ ...values, login: '' }, false)).toEqual({ login: 'loginRequired' });
  });
});

describe('SIP and access', () => {
  it('checks the SIP fields and the port range', () => {
    expect(checkSip({ login: '', password: '', domain: 'd', port: '70000', type: '' })).toEqual({ login: 'required', password: 'required', port: 'port' });
    expect(sipBody({ login: ' 100 ', password: 'pw', domain: ' sip.ru ', port: '5060', type: '' })).toEqual({ data: { login: '100', password: 'pw', domain: 'sip.ru', port: 5060, type: null } });
  });

  it('sends access rows as numbers and refuses a service twice or a row half chosen', () => {
    const rows = [{ service: '1', action: '2', reason: '3' }];
    expect(accessBody(rows)).toEqual({ data: [{ service: 1, action: 2, reason: 3 }] });
    expect(checkAccess(rows)).toBeNull();
    expect(checkAccess([...rows, { service: '1', action: '1', reason: '3' }])).toBe('duplicate');
    expect(checkAccess([{ service: '1', action: '', reason: '3' }])).toBe('incomplete');
  });
});
