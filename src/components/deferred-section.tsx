import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

interface DeferredSectionProps {
  title: string;
  /** The section, a lazy component: its module is fetched when it is first rendered. */
  view: ComponentType;
  /** Height of the placeholder, so the page does not jump when the section arrives. */
  height: number;
  /** The element id a section bar jumps to (the loaded section carries it too). */
  anchor?: string;
  /** What stands where the content will be; by default a plain grey block (MUI's Skeleton costs a route its own chunk). */
  placeholder?: (height: number) => ReactNode;
}

function GreyBlock({ height }: { height: number }) {
  return <Box aria-hidden sx={{ height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

/**
 * A section below the first screen: its code (forms, tables) is fetched when it is scrolled well into
 * view (a title peeking at the bottom edge does not count) or jumped to from a section bar, so the
 * page's first view carries only what it shows (the route's 250 KB budget). Where IntersectionObserver
 * is missing it loads at once.
 */
export function DeferredSection({ title, view: View, height, anchor, placeholder }: DeferredSectionProps) {
  const element = useRef<HTMLElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const current = element.current;
    if (near || !current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '0px 0px -15% 0px' });
    observer.observe(current);
    return () => observer.disconnect();
  }, [near]);

  const blockHeight = Math.max(40, height - 80);
  const fallback = (
    <Paper
      ref={element}
      component="section"
      id={anchor}
      variant="outlined"
      aria-busy="true"
      aria-label={title}
      // The sticky section bar must not cover the title after a jump.
      sx={{ p: { xs: 1.5, sm: 2 }, minHeight: height, scrollMarginTop: anchor ? 120 : undefined }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {placeholder ? placeholder(blockHeight) : <GreyBlock height={blockHeight} />}
    </Paper>
  );
  return near ? <Suspense fallback={fallback}>{<View />}</Suspense> : fallback;
}
