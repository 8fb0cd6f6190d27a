import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageSection, type PageSectionProps } from '@/components/page-section';

export type SectionId = 'users' | 'keys' | 'code' | 'entrances' | 'cms' | 'access' | 'devices' | 'history';

/** The element id the section bar jumps to. */
export function sectionAnchor(id: SectionId): string {
  return `flat-${id}`;
}

/** One part of the card: a named region with an anchor the section bar scrolls to. */
export function Section({ id, ...props }: Omit<PageSectionProps, 'anchor' | 'flush'> & { id: SectionId }) {
  return <PageSection anchor={sectionAnchor(id)} {...props} />;
}

/** The empty state of a section: a quiet line, not a blank box. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

export function SectionSkeleton() {
  return <Skeleton variant="rounded" height={120} />;
}
