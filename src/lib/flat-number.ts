/** A flat number (a panel code is one) the server takes: an integer 1–99,999 (docs/api.md "Keys", "Door codes"). */
export const FLAT_NUMBER_MAX = 99_999;

/** Whether the typed text (spaces around it ignored) is a flat number the server takes. */
export function isFlatNumber(text: string): boolean {
  const digits = text.trim();
  return /^\d{1,5}$/.test(digits) && Number(digits) >= 1;
}
