import { IMPORT_FIELDS, type ImportField, type ImportKind, type ImportRow } from '@contract/imports';
import type { Translate } from './messages';

function isImportField(value: string): value is ImportField {
  return Object.values(IMPORT_FIELDS).some((fields) => (fields as readonly string[]).includes(value));
}

/** A row's filled values, each after its field's name in the user's language: «Номер квартиры: 12 · Телефон жителя: …». */
export function rowValuesText(t: Translate, kind: ImportKind, row: ImportRow): string {
  const fields = IMPORT_FIELDS[kind];
  return row.values
    .map((value, index) => (value === '' || fields[index] === undefined ? null : `${t(`import.field.${fields[index]}`)}: ${value}`))
    .filter((text) => text !== null)
    .join(' · ');
}

/** What a row does or why it is refused, in words; a required field left empty is named as the dialog names it. */
export function rowWhyText(t: Translate, row: ImportRow): string {
  if (row.reason) {
    const detail = row.reason === 'missing' && row.detail !== null && isImportField(row.detail) ? t(`import.field.${row.detail}`) : (row.detail ?? '');
    return t(`import.reason.${row.reason}`, { detail });
  }
  return row.actions.map((action) => t(`import.action.${action}`)).join(', ');
}
