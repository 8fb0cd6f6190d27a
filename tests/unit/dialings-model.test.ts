import { describe, expect, it } from 'vitest';
import { dayToPickerValue, isDay, isPlausibleDay, pickerValueToDay } from '@/components/date-filter/day-value';
import { translate, type Translate } from '@/features/dialings/messages';
import {
  checkFilters,
  draftOf,
  forwardProblem,
  formatDuration,
  moveStep,
  orderBody,
  outcomeText,
  outcomeTone,
  ringProblem,
  roundsQuery,
} from '@/features/dialings/model';

const t: Translate = (key, params) => translate('ru', key, params);
const state = (filters: Partial<Record<'flatNum' | 'dateFrom' | 'dateTo', string>>, page = 0) => ({
  page,
  sort: null,
  filters: { flatNum: '', dateFrom: '', dateTo: '', ...filters },
});

describe('call rounds model', () => {
  it('sends the days from 00:00:00 to 23:59:59 in the user’s time zone, the flat and a page past the first', () => {
    expect(roundsQuery(state({ flatNum: '12', dateFrom: '2026-11-01', dateTo: '2026-11-03' }, 2), 'Asia/Novosibirsk')).toEqual({
      flatNum: 12,
      dateFrom: '2026-10-31T17:00:00.000Z',
      dateTo: '2026-11-03T16:59:59.000Z',
      page: 2,
    });
    expect(roundsQuery(state({ dateTo: '2026-07-01' }), 'America/New_York')).toEqual({ dateTo: '2026-07-02T03:59:59.000Z' });
    // Garbage from a hand-edited URL is left out rather than sent.
    expect(roundsQuery(state({ flatNum: '0', dateFrom: '2026-02-30', dateTo: 'soon' }), 'Europe/Moscow')).toEqual({});
  });

  it('keeps a picked day as the user’s calendar day, and gives the picker its 00:00 back', () => {
    expect(pickerValueToDay('2026-10-31T17:00:00.000Z', 'Asia/Novosibirsk')).toBe('2026-11-01');
    expect(pickerValueToDay('2026-10-31T17:00:00.000Z', 'Europe/Moscow')).toBe('2026-10-31');
    expect(pickerValueToDay('', 'Europe/Moscow')).toBe('');
    expect(dayToPickerValue('2026-11-01', 'Asia/Novosibirsk')).toBe('2026-10-31T17:00:00.000Z');
    expect(dayToPickerValue('not a day', 'Asia/Novosibirsk')).toBe('');
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    // A year being typed is not a day to send.
    expect(isPlausibleDay('0002-01-01')).toBe(false);
    expect(isPlausibleDay('2026-11-01')).toBe(true);
  });

  it('checks the typed filters: a flat 1–99,999 (leading zeros dropped), the start day not after the end day', () => {
    expect(checkFilters({ flatNum: ' 007 ', dateFrom: '2026-11-01', dateTo: '2026-11-01' })).toEqual({
      filters: { flatNum: '7', dateFrom: '2026-11-01', dateTo: '2026-11-01' },
      problems: {},
    });
    expect(checkFilters({ flatNum: '0', dateFrom: '', dateTo: '' }).problems).toEqual({ flatNum: 'dialings.filter.badFlat' });
    expect(checkFilters({ flatNum: '100000', dateFrom: '', dateTo: '' }).problems.flatNum).toBe('dialings.filter.badFlat');
    expect(checkFilters({ flatNum: '', dateFrom: '2026-11-02', dateTo: '2026-11-01' }).problems).toEqual({ dateFrom: 'dialings.filter.badDates' });
  });

  it('says durations and outcomes in words, each outcome in its colour', () => {
    expect(formatDuration(45, t)).toBe('45 с');
    expect(formatDuration(125, t)).toBe('2 мин 05 с');
    expect(outcomeText('answered', 'app', t)).toBe('Ответили: приложение');
    expect(outcomeText('busy', null, t)).toBe('Занято');
    expect(outcomeTone('answered')).toBe('success');
    expect(outcomeTone('no_answer')).toBe('warning');
    expect(outcomeTone('failed')).toBe('error');
    expect(outcomeTone('cancelled')).toBe('neutral');
  });

  it('edits a call order: moves a step within the ends, checks ringing and forwarding numbers, sends positions as the order', () => {
    const draft = draftOf([
      { position: 1, kind: 'handset', target: '12', label: null, ringSeconds: 30, enabled: true },
      { position: 2, kind: 'app', target: '79001234567', label: 'Иванов Иван', ringSeconds: 20, enabled: true },
    ]);
    expect(moveStep(draft, 1, -1).map((step) => step.kind)).toEqual(['app', 'handset']);
    expect(moveStep(draft, 0, -1)).toEqual(draft);
    expect(moveStep(draft, 1, 1)).toEqual(draft);
    expect(ringProblem('4')).toEqual({ min: 5, max: 120 });
    expect(ringProblem('')).not.toBeNull();
    expect(ringProblem('120')).toBeNull();
    expect(forwardProblem('12-34', draft)).toBe('dialings.order.forwardBad');
    expect(forwardProblem('+79161234567', draft)).toBeNull();
    const withForward = [...draft, { kind: 'forward' as const, target: '+79161234567', label: null, ringSeconds: '30', enabled: true }];
    expect(forwardProblem('+79161234567', withForward)).toBe('dialings.order.forwardTaken');
    expect(forwardProblem('+79160000000', Array.from({ length: 10 }, () => withForward[2]))).toBe('dialings.order.tooMany');
    expect(orderBody([{ ...draft[0], ringSeconds: '3' }])).toBeNull();
    expect(orderBody([{ ...draft[1], enabled: false }, draft[0]])).toEqual({
      steps: [
        { kind: 'app', target: '79001234567', ringSeconds: 20, enabled: false },
        { kind: 'handset', target: '12', ringSeconds: 30, enabled: true },
      ],
    });
  });
});
