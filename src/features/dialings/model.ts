import {
  CALL_ORDER_MAX_STEPS,
  CALL_ORDER_RING_MAX,
  CALL_ORDER_RING_MIN,
  FORWARD_NUMBER_PATTERN,
  type CallLeg,
  type CallLegKind,
  type CallOrderStep,
  type CallOrderUpdate,
  type CallRoundOutcome,
  type CallRoundsQuery,
} from '@contract/dialings';
import { historyDateRange } from '@contract/history';
import { isDay } from '@/components/date-filter/day-value';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import type { FilterCheck, FilterProblems } from '@/components/use-filter-fields';
import { isFlatNumber } from '@/lib/flat-number';
import type { FeatureMessageKey, Translate } from './messages';

export type DialingFilterKey = 'flatNum' | 'dateFrom' | 'dateTo';
export type DialingFilters = Record<DialingFilterKey, string>;

/** The URL keeps the flat and the days (`YYYY-MM-DD`, the user's calendar); pages start at 0 as the history's. */
export const DIALINGS_LIST_STATE: ListStateConfig<DialingFilterKey> = { filterKeys: ['flatNum', 'dateFrom', 'dateTo'], firstPage: 0 };

/** The call's query: the flat, the days from 00:00:00 to 23:59:59 in the user's time zone, the page. */
export function roundsQuery(state: ListState<DialingFilterKey>, timeZone: string): CallRoundsQuery {
  const { flatNum, dateFrom, dateTo } = state.filters;
  const query: CallRoundsQuery = historyDateRange(isDay(dateFrom) ? dateFrom : null, isDay(dateTo) ? dateTo : null, timeZone);
  if (isFlatNumber(flatNum)) query.flatNum = Number(flatNum);
  if (state.page > 0) query.page = state.page;
  return query;
}

/** The filters as typed: a flat number 1–99,999, the start day not after the end day. */
export function checkFilters(values: DialingFilters): FilterCheck<DialingFilterKey> {
  const filters = { flatNum: values.flatNum.trim(), dateFrom: values.dateFrom, dateTo: values.dateTo };
  const problems: FilterProblems<DialingFilterKey> = {};
  if (filters.flatNum !== '' && !isFlatNumber(filters.flatNum)) problems.flatNum = 'dialings.filter.badFlat';
  else if (filters.flatNum !== '') filters.flatNum = String(Number(filters.flatNum));
  if (isDay(filters.dateFrom) && isDay(filters.dateTo) && filters.dateFrom > filters.dateTo) problems.dateFrom = 'dialings.filter.badDates';
  return { filters, problems };
}

/** `45` → «45 с», `125` → «2 мин 05 с». */
export function formatDuration(seconds: number, t: Translate): string {
  if (seconds < 60) return t('dialings.duration.seconds', { s: seconds });
  return t('dialings.duration.minutes', { m: Math.floor(seconds / 60), s: String(seconds % 60).padStart(2, '0') });
}

export type OutcomeTone = 'success' | 'warning' | 'error' | 'neutral';

/** Answered is good news; unanswered, busy or rejected a warning; a failure (nobody could ring) an error. */
export function outcomeTone(outcome: CallRoundOutcome): OutcomeTone {
  if (outcome === 'answered') return 'success';
  if (outcome === 'failed') return 'error';
  if (outcome === 'cancelled') return 'neutral';
  return 'warning';
}

/** A result of a leg in the same colours. */
export function legTone(result: CallLeg['result']): OutcomeTone {
  if (result === 'answered') return 'success';
  if (result === 'unavailable' || result === 'failed') return 'error';
  if (result === 'cancelled') return 'neutral';
  return 'warning';
}

/** The outcome in words: «Ответили: приложение», «Занято» … */
export function outcomeText(outcome: CallRoundOutcome, answeredBy: CallLegKind | null, t: Translate): string {
  if (outcome === 'answered' && answeredBy) return t('dialings.outcome.answeredBy', { who: t(`dialings.answeredBy.${answeredBy}` as FeatureMessageKey) });
  return t(`dialings.outcome.${outcome}` as FeatureMessageKey);
}

/** Whom a step called, in words: the handset's line by its flat, anything else as it is. */
export function targetText(step: { kind: CallLegKind; target: string }, t: Translate): string {
  return step.kind === 'handset' ? t('dialings.handsetTarget', { flat: step.target }) : step.target;
}

export const flatPath = (houseUid: string, flatNum: number): string => `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`;

// ---------------------------------------------------------------------------
// The call order editor: a draft of the steps, sent whole

export interface OrderDraftStep {
  kind: CallLegKind;
  target: string;
  label: string | null;
  /** As typed. */
  ringSeconds: string;
  enabled: boolean;
}

export function draftOf(steps: readonly CallOrderStep[]): OrderDraftStep[] {
  return steps.map((step) => ({ kind: step.kind, target: step.target, label: step.label, ringSeconds: String(step.ringSeconds), enabled: step.enabled }));
}

/** The steps with the one at `index` moved by `delta` (−1 up, +1 down); unchanged at an end. */
export function moveStep<T>(steps: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Why a typed ringing time is refused, or null. */
export function ringProblem(text: string): { min: number; max: number } | null {
  const value = Number(text.trim());
  const fine = /^\d+$/.test(text.trim()) && value >= CALL_ORDER_RING_MIN && value <= CALL_ORDER_RING_MAX;
  return fine ? null : { min: CALL_ORDER_RING_MIN, max: CALL_ORDER_RING_MAX };
}

/** Why a typed forwarding number cannot be added, or null (spaces, dashes and brackets dropped). */
export function forwardProblem(number: string, steps: readonly OrderDraftStep[]): FeatureMessageKey | null {
  if (!FORWARD_NUMBER_PATTERN.test(number)) return 'dialings.order.forwardBad';
  if (steps.some((step) => step.kind === 'forward' && step.target === number)) return 'dialings.order.forwardTaken';
  if (steps.length >= CALL_ORDER_MAX_STEPS) return 'dialings.order.tooMany';
  return null;
}

export function cleanNumber(text: string): string {
  return text.replace(/[\s()-]/g, '');
}

/** The draft as the PUT body, or null while a ringing time is wrong. */
export function orderBody(steps: readonly OrderDraftStep[]): CallOrderUpdate | null {
  if (steps.some((step) => ringProblem(step.ringSeconds))) return null;
  return { steps: steps.map((step) => ({ kind: step.kind, target: step.target, ringSeconds: Number(step.ringSeconds.trim()), enabled: step.enabled })) };
}
