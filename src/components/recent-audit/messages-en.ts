import type { FeatureMessageKey } from './messages';

/** English strings of the shared audit pieces; the compiler checks none is missing. */
export const enMessages: Record<FeatureMessageKey, string> = {
  'recentAudit.title': 'Recent changes',
  'recentAudit.loading': 'Loading the change history',
  'recentAudit.loadError': 'Could not load the change history: {error}',
  'recentAudit.retry': 'Retry',
  'recentAudit.none': 'No changes yet.',
  'recentAudit.all': 'Full change history',
  'recentAudit.by': '{who}',
  'recentAudit.nobody': 'not logged in',
  'recentAudit.changes': '{count} fields changed',
  'recentAudit.refused': 'refused',
  'recentAudit.accepted': 'accepted',
  'recentAudit.outbox': 'from the outbox',
  'recentAudit.diff.field': 'Field',
  'recentAudit.diff.before': 'Before',
  'recentAudit.diff.after': 'After',
  'recentAudit.diff.empty': 'No field changed.',
  'recentAudit.diff.refused': 'The request was refused: nothing changed.',
  'recentAudit.diff.request': 'The request’s fields (no stored state was compared).',
  'recentAudit.diff.none': '—',
};
