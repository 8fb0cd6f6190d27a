import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, type KeyboardEvent } from 'react';

interface ViewSwitchProps<V extends string> {
  label: string;
  value: V;
  views: readonly { value: V; label: string; panelId: string; tabId: string }[];
  onChange: (view: V) => void;
}

/**
 * The screen's sections as ARIA tabs drawn with plain buttons (MUI's Tabs would cost the route
 * ~7 KB of its 250 KB budget); the arrow keys move between them.
 */
export function ViewSwitch<V extends string>({ label, value, views, onChange }: ViewSwitchProps<V>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + views.length) % views.length;
    onChange(views[next].value);
    refs.current[next]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} sx={{ display: 'flex', gap: 0.5, mb: 2, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}>
      {views.map((view, index) => {
        const selected = view.value === value;
        return (
          <Button
            key={view.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="tab"
            id={view.tabId}
            aria-selected={selected}
            aria-controls={view.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(view.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              flexShrink: 0,
              borderRadius: 0,
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
              px: 2,
              mb: '-1px',
            }}
          >
            {view.label}
          </Button>
        );
      })}
    </Box>
  );
}
