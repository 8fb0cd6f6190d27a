import type { RouteRule } from './types';

const HOUSE = '/front/imports/flats/test-house/';
const NO_JOB = '/front/imports/jobs/00000000-0000-0000-0000-000000000000';
const RUN = { file: '00000000-0000-0000-0000-000000000000', mapping: { flat: 'flat' } };
const KEY_RUN = { file: '00000000-0000-0000-0000-000000000000', mapping: { mac: 'mac', value: 'value' } };

/** Bulk import and export (server/routes/imports.ts): flat editors import flats, key editors keys; their readers export; never the installer. */
export const importRules: readonly RouteRule[] = [
  { method: 'POST', pattern: '/front/imports/files', url: '/front/imports/files?kind=flats', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/imports/flats/:house/dry-run', url: `${HOUSE}dry-run`, payload: RUN, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/imports/flats/:house/apply', url: `${HOUSE}apply`, payload: RUN, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/imports/jobs/:id', url: NO_JOB, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/imports/jobs/:id/result', url: `${NO_JOB}/result`, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/imports/flats/:house/export', url: `${HOUSE}export`, refused: ['installer'] },
  { method: 'POST', pattern: '/front/imports/keys/dry-run', url: '/front/imports/keys/dry-run', payload: KEY_RUN, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/imports/keys/apply', url: '/front/imports/keys/apply', payload: KEY_RUN, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/imports/keys/export', url: '/front/imports/keys/export', refused: ['installer'] },
];
