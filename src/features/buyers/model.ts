import {
  BUYER_CONTACT_MAX_LENGTH,
  BUYER_NAME_MAX_LENGTH,
  INN_PATTERN,
  OPERATOR_BUYER_ID,
  type Buyer,
  type BuyerInput,
  type BuyerListQuery,
} from '@contract/buyers';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { HttpError, errorMessage } from '@/lib/http';
import { parseFieldErrors, type FieldReason } from '@/lib/field-errors';

/** The buyer list: the page, a part of the name and active / inactive kept in the URL. */
export type BuyerFilterKey = 'name' | 'active';
export const BUYER_LIST_STATE: ListStateConfig<BuyerFilterKey> = { filterKeys: ['name', 'active'], firstPage: 1 };
/** The active filter's values in the URL ('' for every buyer). */
export const ACTIVE_FILTER_VALUES = ['', '1', '0'] as const;

export function buyerListQuery(state: ListState<BuyerFilterKey>): BuyerListQuery {
  const { name, active } = state.filters;
  return {
    page: state.page,
    ...(name ? { name: name.slice(0, BUYER_NAME_MAX_LENGTH) } : {}),
    // Anything else in a hand-edited URL lists every buyer.
    ...(active === '1' || active === '0' ? { active: active === '1' } : {}),
  };
}

export function buyerPath(id: number): string {
  return `/buyers/${id}`;
}

/** The buyer id of `/buyers/:buyerId`, null when it is not one. */
export function parseBuyerId(text: string | undefined): number | null {
  return text && /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : null;
}

// --- the buyer form (create and edit) --------------------------------------------------------

export const BUYER_FIELDS = ['name', 'inn', 'contact'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export interface BuyerFormValues {
  name: string;
  inn: string;
  contact: string;
  active: boolean;
}
export type BuyerFieldProblem = 'nameRequired' | 'nameLong' | 'innDigits' | 'contactLong';

export const EMPTY_BUYER_FORM: BuyerFormValues = { name: '', inn: '', contact: '', active: true };

export function buyerFormValues(buyer: Buyer): BuyerFormValues {
  return { name: buyer.name, inn: buyer.inn ?? '', contact: buyer.contact ?? '', active: buyer.active };
}

/** What the server would refuse, field by field (null where the value passes). */
export function checkBuyerField(field: BuyerField, value: string): BuyerFieldProblem | null {
  const text = value.trim();
  switch (field) {
    case 'name':
      return text === '' ? 'nameRequired' : text.length > BUYER_NAME_MAX_LENGTH ? 'nameLong' : null;
    case 'inn':
      return text === '' || INN_PATTERN.test(text) ? null : 'innDigits';
    case 'contact':
      return text.length > BUYER_CONTACT_MAX_LENGTH ? 'contactLong' : null;
  }
}

export function buyerProblemLimit(problem: BuyerFieldProblem): number {
  return problem === 'contactLong' ? BUYER_CONTACT_MAX_LENGTH : BUYER_NAME_MAX_LENGTH;
}

export function buyerBody(values: BuyerFormValues): BuyerInput {
  const inn = values.inn.trim();
  const contact = values.contact.trim();
  return { name: values.name.trim(), inn: inn === '' ? null : inn, contact: contact === '' ? null : contact, active: values.active };
}

export function sameBuyerForm(a: BuyerFormValues, b: BuyerFormValues): boolean {
  return a.name === b.name && a.inn === b.inn && a.contact === b.contact && a.active === b.active;
}

/** A form field a refusal names: `active` (buyer 1 cannot be switched off) is shown at the switch. */
export type BuyerFormField = BuyerField | 'active';

function buyerFieldOf(path: string): BuyerFormField | null {
  return path === 'name' || path === 'inn' || path === 'contact' || path === 'active' ? path : null;
}

/**
 * A refused save in the form's terms: a 400 or 409 naming fields («Некорректное поле name: …»)
 * puts each reason at its field; the rest (or any other failure) is for a banner.
 */
export function placeBuyerErrors(error: unknown): { fields: Partial<Record<BuyerFormField, FieldReason>>; banner: string | null } {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) {
    return { fields: {}, banner: errorMessage(error) };
  }
  const parsed = parseFieldErrors(error.message);
  const fields: Partial<Record<BuyerFormField, FieldReason>> = {};
  const unplaced = [...parsed.rest];
  for (const { path, reason, text } of parsed.fields) {
    const field = buyerFieldOf(path);
    if (field === null) unplaced.push(text);
    else fields[field] = reason;
  }
  return { fields, banner: unplaced.length > 0 ? unplaced.join('; ') : null };
}

// --- delete ----------------------------------------------------------------------------------

/** Why a buyer cannot be deleted as it stands (null: the server may still refuse other data). */
export type DeleteBlock = { kind: 'operator' } | { kind: 'inUse'; devices: number; users: number } | null;

export function deleteBlockOf(buyer: Buyer): DeleteBlock {
  if (buyer.id === OPERATOR_BUYER_ID) return { kind: 'operator' };
  const devices = buyer.devices ?? 0;
  const users = buyer.users ?? 0;
  return devices > 0 || users > 0 ? { kind: 'inUse', devices, users } : null;
}

export function isOperatorBuyer(buyer: Buyer): boolean {
  return buyer.id === OPERATOR_BUYER_ID;
}
