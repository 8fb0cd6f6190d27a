import { secondsToWeeks, weeksToSeconds, type ManagementCompany, type McPaginationQuery, type McSet, type McUpload } from '@contract/mc';
import { ROLES } from '@contract/users';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { parseFieldErrors, type FieldReason } from '@/lib/field-errors';
import { HttpError, errorMessage } from '@/lib/http';
import { hasRole, type AuthItemMap } from '@/lib/session';

/** The company list: the page and the spec's five filters kept in the URL. */
export const MC_FILTER_KEYS = ['internalId', 'name', 'codeAccess', 'flatNum', 'buyerId'] as const;
export type McFilterKey = (typeof MC_FILTER_KEYS)[number];
export const MC_LIST_STATE: ListStateConfig<McFilterKey> = { filterKeys: MC_FILTER_KEYS, firstPage: 1 };
export const MC_TEXT_MAX = 200;
const WHOLE = /^\d{1,9}$/;

/** The URL's filters as the pagination call takes them; a number filter that is not one is left out. */
export function mcListQuery(state: ListState<McFilterKey>, superuser: boolean): McPaginationQuery {
  const { internalId, name, codeAccess, flatNum, buyerId } = state.filters;
  return {
    page: state.page,
    ...(internalId ? { internalId: internalId.slice(0, MC_TEXT_MAX) } : {}),
    ...(name ? { name: name.slice(0, MC_TEXT_MAX) } : {}),
    ...(codeAccess ? { codeAccess: codeAccess.slice(0, MC_TEXT_MAX) } : {}),
    ...(WHOLE.test(flatNum) && Number(flatNum) >= 1 ? { flatNum: Number(flatNum) } : {}),
    // Only the superuser sees other buyers: for the others the server scopes the list anyway.
    ...(superuser && WHOLE.test(buyerId) && Number(buyerId) >= 1 ? { buyerId: Number(buyerId) } : {}),
  };
}

export function isFiltered(state: ListState<McFilterKey>): boolean {
  return MC_FILTER_KEYS.some((key) => state.filters[key] !== '');
}

export function mcPath(id: number): string {
  return `/mc/${id}/update`;
}

export const MC_LIST_PATH = '/mc';
export const MC_CREATE_PATH = '/mc/view-create';

/** The id of `/mc/:mcId/update`, null when it is not one. */
export function parseMcId(text: string | undefined): number | null {
  return text && WHOLE.test(text) && Number(text) >= 1 ? Number(text) : null;
}

export function isSuperuser(roles: AuthItemMap): boolean {
  return hasRole(roles, ROLES.superuser);
}

/** Who changes companies (the server decides; the screen hides what the user may not do). */
export function canEditMc(roles: AuthItemMap): boolean {
  return isSuperuser(roles) || hasRole(roles, ROLES.management);
}

// --- the company form ------------------------------------------------------------------------

export interface McFormValues {
  internalId: string;
  name: string;
  buyerId: string;
  codeAccess: string;
  active: boolean;
  /** ISO, '' for none. */
  nextExecute: string;
  flatNum: string;
  /** The interval as typed, in weeks. */
  weeks: string;
}

export const MC_TEXT_FIELDS = ['internalId', 'name', 'buyerId', 'codeAccess', 'flatNum', 'weeks'] as const;
export type McTextField = (typeof MC_TEXT_FIELDS)[number];
export type McFormField = McTextField | 'nextExecute' | 'active';
export type McFieldProblem = 'required' | 'long' | 'positive' | 'weeks';

export function mcFormValues(company: ManagementCompany): McFormValues {
  return {
    internalId: company.internalId,
    name: company.name,
    buyerId: String(company.buyerId),
    codeAccess: company.codeAccess ?? '',
    active: company.active,
    nextExecute: company.nextExecute ?? '',
    flatNum: company.flatNum === null ? '' : String(company.flatNum),
    weeks: company.interval === 0 ? '' : String(secondsToWeeks(company.interval)),
  };
}

/** What the server would refuse, field by field (null where the value passes). */
export function checkMcField(field: McTextField, value: string): McFieldProblem | null {
  const text = value.trim();
  switch (field) {
    case 'internalId':
    case 'name':
      return text === '' ? 'required' : text.length > MC_TEXT_MAX ? 'long' : null;
    case 'codeAccess':
      return text.length > MC_TEXT_MAX ? 'long' : null;
    case 'buyerId':
      return WHOLE.test(text) && Number(text) >= 1 ? null : 'positive';
    case 'flatNum':
      return text === '' || (WHOLE.test(text) && Number(text) >= 1) ? null : 'positive';
    case 'weeks': {
      if (text === '') return null;
      const weeks = Number(text.replace(',', '.'));
      return Number.isFinite(weeks) && weeks >= 0 && weeks <= 3000 ? null : 'weeks';
    }
  }
}

export function mcSetBody(id: number, values: McFormValues): McSet {
  const codeAccess = values.codeAccess.trim();
  const flatNum = values.flatNum.trim();
  return {
    id,
    internalId: values.internalId.trim(),
    name: values.name.trim(),
    buyerId: Number(values.buyerId.trim()),
    codeAccess: codeAccess === '' ? null : codeAccess,
    active: values.active,
    nextExecute: values.nextExecute === '' ? null : values.nextExecute,
    flatNum: flatNum === '' ? null : Number(flatNum),
    interval: weeksToSeconds(values.weeks),
  };
}

export function sameMcForm(a: McFormValues, b: McFormValues): boolean {
  return (Object.keys(a) as (keyof McFormValues)[]).every((key) => a[key] === b[key]);
}

/** The form field a server's field name belongs to (`interval` is typed as weeks). */
function formFieldOf(path: string): McFormField | null {
  if (path === 'interval') return 'weeks';
  return (MC_TEXT_FIELDS as readonly string[]).includes(path) || path === 'nextExecute' || path === 'active' ? (path as McFormField) : null;
}

/**
 * A refused save in the form's terms: a 400 naming fields puts each reason at its field, a 409
 * (the internalId is taken) at internalId; anything else is for a banner.
 */
export function placeMcErrors(error: unknown): { fields: Partial<Record<McFormField, FieldReason>>; banner: string | null } {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return { fields: {}, banner: errorMessage(error) };
  if (error.status === 409) return { fields: { internalId: { kind: 'other', text: error.message } }, banner: null };
  const parsed = parseFieldErrors(error.message);
  const fields: Partial<Record<McFormField, FieldReason>> = {};
  const unplaced = [...parsed.rest];
  for (const { path, reason, text } of parsed.fields) {
    const field = formFieldOf(path);
    if (field === null) unplaced.push(text);
    else fields[field] = reason;
  }
  return { fields, banner: unplaced.length > 0 ? unplaced.join('; ') : null };
}

// --- uploads ---------------------------------------------------------------------------------

/** How far an upload has got, 0..100 (devices done or failed of all). */
export function uploadPercent(upload: McUpload): number {
  if (upload.total === 0) return 100;
  return Math.round(((upload.done + upload.failed) / upload.total) * 100);
}

/** The MAC as typed for the device search: hex digits and colons only. */
export function macSearchText(text: string): string {
  return text.replace(/[^0-9a-fA-F:]/g, '').slice(0, 17);
}
