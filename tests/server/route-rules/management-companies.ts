import type { RouteRule } from './types';

const SET = { id: 1, internalId: 'MC-0001', name: 'УК', buyerId: 1, codeAccess: null, active: true, nextExecute: null, flatNum: null, interval: 0 };

/** Management companies and their uploads (server/routes/management-companies.ts): management and support read, management changes. */
export const managementCompanyRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/management-company', url: '/front/management-company', refused: ['installer'] },
  { method: 'GET', pattern: '/front/management-company/pagination', url: '/front/management-company/pagination?page=1', refused: ['installer'] },
  { method: 'GET', pattern: '/front/management-company/:id', url: '/front/management-company/1', refused: ['installer'] },
  { method: 'GET', pattern: '/front/management-company/:id/upload', url: '/front/management-company/1/upload', refused: ['installer'] },
  { method: 'GET', pattern: '/front/management-company/:id/devices', url: '/front/management-company/1/devices', refused: ['installer'] },
  { method: 'POST', pattern: '/front/management-company/create', url: '/front/management-company/create', payload: { internalId: 'MC-R', name: 'УК' }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/management-company/set', url: '/front/management-company/set', payload: SET, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/management-company/disable', url: '/front/management-company/disable', payload: { id: 999999 }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/management-company/upload-all', url: '/front/management-company/upload-all', payload: { id: 999999 }, refused: ['installer', 'support'] },
  {
    method: 'POST',
    pattern: '/front/management-company/upload-one',
    url: '/front/management-company/upload-one',
    payload: { id: 999999, mac: '00:00:00:00:00:00' },
    refused: ['installer', 'support'],
  },
  { method: 'POST', pattern: '/front/management-company/upload-retry', url: '/front/management-company/upload-retry', payload: { id: 999999 }, refused: ['installer', 'support'] },
];
