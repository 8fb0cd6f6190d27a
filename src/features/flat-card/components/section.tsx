import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId, type ComponentProps, type ReactNode } from 'react';

export type SectionId = 'users' | 'keys' | 'code' | 'entrances' | 'cms' | 'access' | 'devices' | 'history';

interface SectionProps {
  id: SectionId;
  title: string;
  /** How many entries the section lists, beside its title. */
  count?: number;
  /** The server's message of the last failed write. */
  error?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of the card: a named region with an anchor the section bar scrolls to. */
export function Section({ id, title, count, error, actions, children }: SectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      id={`flat-${id}`}
      variant="outlined"
      aria-labelledby={titleId}
      // The sticky section bar must not cover the title after a jump.
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, scrollMarginTop: 120 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap', minHeight: 40 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, flex: 1, minWidth: 0 }}>
          {title}
          {count !== undefined && (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
              {count}
            </Box>
          )}
        </Typography>
        {actions}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
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

const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** The shared confirm dialog, loaded when first opened so the card's first view does not carry it. */
export function LazyConfirm(props: ComponentProps<typeof ConfirmDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
