import type { RouteRule } from './types';

/** Support's view of the field (server/routes/field.ts): installers and operators report; support and management read. */
export const fieldRules: readonly RouteRule[] = [
  {
    method: 'POST',
    pattern: '/front/field/report',
    url: '/front/field/report',
    payload: {
      installId: 'install-rules-0001',
      appVersion: '0.1.0',
      generatedAt: '2026-01-01T00:00:00Z',
      lastSyncAt: null,
      counts: { waiting: 0, needsAttention: 0, paused: 0, drafts: 0, idleDrafts: 0 },
      jobs: [],
      idleDrafts: [],
      storage: null,
    },
    refused: ['support'],
  },
  { method: 'GET', pattern: '/front/field', url: '/front/field', refused: ['installer'] },
  { method: 'GET', pattern: '/front/field/:userId', url: '/front/field/3', refused: ['installer'] },
];
