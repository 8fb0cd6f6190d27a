import type { DoorCode } from '@contract/door-codes';

/** A flat's door code as the server answers it. */
export const DOOR_CODE: DoorCode = {
  id: 7,
  flatNum: 12,
  code: '482913',
  expiresAt: '2026-12-31T21:00:00.000Z',
  expired: false,
  comment: 'Ремонт',
  createdBy: 'operator',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
