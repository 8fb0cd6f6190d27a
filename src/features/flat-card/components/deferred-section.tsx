import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { sectionAnchor, type SectionId } from './section';

interface DeferredSectionProps {
  id: SectionId;
  title: string;
  /** The section, a lazy component: its module is fetched when it is first rendered. */
  view: ComponentType;
  /** Height of the placeholder, so the page does not jump when the section arrives. */
  height: number;
}

/**
 * A section below the first screen: its code (forms, tables) is fetched when it is scrolled well into
 * view (a title peeking at the bottom edge does not count) or jumped to from the section bar, so the
 * card's first view carries only what it shows (the route's 250 KB budget). Where IntersectionObserver
 * is missing it loads at once.
 */
export function DeferredSection({ id, title, view: View, height }: DeferredSectionProps) {
  const placeholder = useRef<HTMLElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '0px 0px -15% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const fallback = (
    <Paper ref={placeholder} component="section" id={sectionAnchor(id)} variant="outlined" aria-busy="true" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, minHeight: height, scrollMarginTop: 120 }}>
      <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Skeleton variant="rounded" height={Math.max(40, height - 80)} />
    </Paper>
  );
  return near ? <Suspense fallback={fallback}>{<View />}</Suspense> : fallback;
}
