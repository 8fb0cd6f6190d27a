import type { FieldInstaller, FieldListQuery } from '@contract/field';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import type { FeatureMessageKey } from './messages';

export const FIELD_FILTER_KEYS = ['login', 'attention', 'staleDays'] as const;
export type FieldFilterKey = (typeof FIELD_FILTER_KEYS)[number];
export const FIELD_LIST_STATE: ListStateConfig<FieldFilterKey> = { filterKeys: FIELD_FILTER_KEYS, firstPage: 1 };
/** The «no signal for» choices of the filter, in days. */
export const STALE_DAY_CHOICES = [1, 3, 7, 30] as const;

/** The URL's filters as the list call takes them (anything malformed left out). */
export function fieldListQuery(state: ListState<FieldFilterKey>): FieldListQuery {
  const { login, attention, staleDays } = state.filters;
  const days = Number(staleDays);
  return {
    page: state.page,
    ...(login.trim() !== '' ? { login: login.trim() } : {}),
    ...(attention === '1' ? { attention: '1' as const } : {}),
    ...(Number.isInteger(days) && days >= 1 && days <= 365 ? { staleDays: days } : {}),
  };
}

export type FieldBadge = 'attention' | 'stale' | 'storage' | 'never' | 'ok';

/** The badges of an installer's row, the worst first; «В порядке» only when none applies. */
export function installerBadges(row: Pick<FieldInstaller, 'needsAttention' | 'stale' | 'storageNotPersistent' | 'lastReportAt'>): FieldBadge[] {
  const badges: FieldBadge[] = [];
  if (row.needsAttention > 0) badges.push('attention');
  if (row.lastReportAt === null) badges.push('never');
  else if (row.stale) badges.push('stale');
  if (row.storageNotPersistent) badges.push('storage');
  return badges.length === 0 ? ['ok'] : badges;
}

const KIND_LABELS: Record<string, FeatureMessageKey> = {
  'serial-number': 'field.kind.serial-number',
  'prepare-device': 'field.kind.serial-number',
  'device-setup': 'field.kind.device-setup',
  replace: 'field.kind.replace',
  'adjuster-device': 'field.kind.adjuster',
  'adjuster-house': 'field.kind.adjuster',
  'adjuster-group': 'field.kind.adjuster',
  adjuster: 'field.kind.adjuster',
  commutators: 'field.kind.commutators',
  'device-key': 'field.kind.key',
  'flat-key': 'field.kind.key',
};

/** A job's or draft's kind in words; a kind this version does not know is named as it came. */
export function kindLabel(kind: string): { key: FeatureMessageKey; values: { kind: string } } {
  return { key: Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : 'field.kind.other', values: { kind } };
}

/** Bytes as megabytes in the page's language («12,3 МБ» / «12.3 MB»). */
export function formatMegabytes(bytes: number, language: 'ru' | 'en'): string {
  return new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / 1_048_576);
}
