import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Placeholder } from './facts';

interface DeferredSectionProps {
  title: string;
  /** The section, a lazy component: its module is fetched when it is first rendered. */
  view: ComponentType;
  /** Height of the placeholder, so the page does not jump when the section arrives. */
  height: number;
}

/**
 * A section below the first screen: its code is fetched once it is well into view (a title peeking at the bottom edge does not count), so the page's
 * first view carries only what it shows (the route's 250 KB budget). Without IntersectionObserver it
 * loads at once.
 */
export function DeferredSection({ title, view: View, height }: DeferredSectionProps) {
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
    <Paper ref={placeholder} component="section" variant="outlined" aria-busy="true" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, minHeight: height }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Placeholder height={Math.max(40, height - 80)} />
    </Paper>
  );
  return near ? <Suspense fallback={fallback}>{<View />}</Suspense> : fallback;
}
