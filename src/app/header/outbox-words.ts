import type { Translate } from '@/i18n/i18n';
import type { OutboxCounts } from '@/offline/runtime-demand';

/*
 * The header's words for the jobs not yet sent. A job that needs attention was refused by the
 * server and is not sent again by itself, so it is never counted or promised as "will be sent".
 */

/** The chip's accessible name: the state, the jobs waiting, and those needing attention when there are any. */
export function chipLabel(t: Translate, state: string, counts: OutboxCounts): string {
  const label = t('connectivity.chip.label', { state, count: counts.waiting });
  return counts.attention > 0 ? `${label}${t('connectivity.chip.attention', { count: counts.attention })}` : label;
}

/** Whether logging out leaves jobs on this device that the user should hear about first. */
export function leavesJobs(counts: OutboxCounts): boolean {
  return counts.waiting > 0 || counts.attention > 0;
}

/** What the logout warning says: each kind of job with what will become of it. */
export function logoutWarning(t: Translate, counts: OutboxCounts): string {
  return [
    counts.waiting > 0 ? t('outbox.logout.waiting', { count: counts.waiting }) : null,
    counts.attention > 0 ? t('outbox.logout.attention', { count: counts.attention }) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' ');
}
