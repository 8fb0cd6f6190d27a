import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { FormEventHandler, ReactNode } from 'react';

interface FilterFormProps {
  /** Names the search landmark. */
  label?: string;
  /** Grid columns from 900 px: the fields', then `auto auto` for the two buttons. */
  columns: string;
  /** Grid columns from 600 px. */
  smColumns?: string;
  applyLabel: string;
  resetLabel: string;
  /** «Найти» or Enter (the caller prevents the default and applies). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  onReset: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A list's filters in a framed grid, applied on «Найти» or Enter (typing does not flood the server), with «Сбросить». */
export function FilterForm({ label, columns, smColumns = '1fr 1fr', applyLabel, resetLabel, onSubmit, onReset, children }: FilterFormProps) {
  return (
    <Paper
      component="form"
      role="search"
      aria-label={label}
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: smColumns, md: columns }, alignItems: 'start' }}
    >
      {children}
      <Button type="submit" variant="contained" sx={{ height: 40 }}>
        {applyLabel}
      </Button>
      <Button type="button" onClick={onReset} sx={{ height: 40 }}>
        {resetLabel}
      </Button>
    </Paper>
  );
}
