import Box from '@mui/material/Box';
import { useId, type ChangeEvent, type ReactNode } from 'react';

interface PlainSelectProps {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}

/**
 * A labelled native select drawn like an outlined field. MUI's TextField select pulls in Menu,
 * Popover and Modal even when native (~25 KB gzip), more than this route can carry; the phone's
 * own picker is the better one anyway.
 */
export function PlainSelect({ label, value, disabled, onChange, children }: PlainSelectProps) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 200 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2', color: disabled ? 'text.disabled' : 'text.secondary' }}>
        {label}
      </Box>
      <Box
        component="select"
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        sx={(theme) => ({
          font: 'inherit',
          fontSize: '1rem',
          height: 40,
          px: 1.5,
          borderRadius: 1,
          border: `1px solid ${theme.palette.divider}`,
          background: theme.palette.background.paper,
          color: theme.palette.text.primary,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
          '&:disabled': { color: theme.palette.text.disabled },
        })}
      >
        {children}
      </Box>
    </Box>
  );
}
