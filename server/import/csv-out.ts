/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';
/** The list separator of Excel in a Russian locale (the import detects it). */
const SEPARATOR = ';';

/** A field as Excel reads it: quoted when it holds the separator, a quote or a line break; a formula start defused (mapping.ts takes the quote off). */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(field).join(SEPARATOR)}\r\n`;
}
