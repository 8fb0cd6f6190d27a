/** A resident's phone as a login: digits only, a Russian 8… or 10-digit number as 7…; null when it is not a phone. */
export function phoneLogin(raw: string): string | null {
  if (!/^[\d\s()+-]+$/.test(raw)) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}
