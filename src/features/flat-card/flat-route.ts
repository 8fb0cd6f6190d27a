import type { FlatRef } from './api';

/** `/houses/:houseUid/flats/:flatNum/update`: null when the flat number is not a positive integer. */
export function parseFlatRoute(houseUid: string | undefined, flatNum: string | undefined): FlatRef | null {
  if (!houseUid || !flatNum || !/^\d+$/.test(flatNum)) return null;
  const num = Number(flatNum);
  return num > 0 && Number.isSafeInteger(num) ? { houseUid, flatNum: num } : null;
}
