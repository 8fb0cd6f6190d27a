/**
 * An inline link (a MAC, a flat number in a line of text) as a finger-sized target on a phone:
 * at least 44 × 44 px below 600 px, the text centred in it; on a desktop it stays plain text height.
 */
export const phoneTapTarget = {
  display: { xs: 'inline-flex', sm: 'inline' },
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: { xs: 44, sm: 'auto' },
  minWidth: { xs: 44, sm: 'auto' },
} as const;
