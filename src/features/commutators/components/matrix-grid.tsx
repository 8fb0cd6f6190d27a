import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useT } from '../messages';
import { cellKey, moveCell, parseCell, type Cell, type CellProblem, type GridKey, type Matrix } from '../model';

/** Cell widths in rem, smallest first; the middle one is where the grid opens. */
const ZOOM_STEPS = [1.9, 2.3, 2.8, 3.4, 4.2] as const;
const DEFAULT_ZOOM = 2;

interface MatrixGridProps {
  matrix: Matrix;
  /** The commutator's index, in the cells' problem keys. */
  index: number;
  /** `${index}:${row}:${column}` → problem. */
  problems: ReadonlyMap<string, CellProblem>;
  readOnly: boolean;
  active: Cell;
  /** Cells holding this flat are marked (an abonent unit clicked). */
  highlightFlat: number | null;
  onActive: (cell: Cell) => void;
  onChange: (cell: Cell, value: number) => void;
}

const GRID_KEYS: Record<string, GridKey | undefined> = {
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Home: 'Home',
  End: 'End',
};

function gridKeyOf(event: KeyboardEvent): GridKey | undefined {
  if (event.key === 'Tab') return event.shiftKey ? 'ShiftTab' : 'Tab';
  if (event.key === 'Enter') return event.shiftKey ? 'ShiftEnter' : 'Enter';
  return GRID_KEYS[event.key];
}

/**
 * The matrix as an ARIA grid with a roving tab stop: one cell is in the Tab order, arrows, Tab
 * and Enter move between cells, digits edit, Delete clears. Each cell is a memoized plain input
 * styled by the table's one stylesheet, so typing re-renders one cell, not the 224 of a
 * Factorial 220.
 */
export const MatrixGrid = memo(function MatrixGrid({ matrix, index, problems, readOnly, active, highlightFlat, onActive, onChange }: MatrixGridProps) {
  const t = useT();
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const table = useRef<HTMLTableElement>(null);
  const rows = matrix.length;
  const columns = matrix[0]?.length ?? 0;
  // The handlers read the latest size through a ref, so the cells' props stay the same between keystrokes.
  const size = useRef({ rows, columns });
  size.current = { rows, columns };

  const focusCell = useCallback((cell: Cell) => {
    table.current?.querySelector<HTMLInputElement>(`input[data-cell="${cell.row}:${cell.column}"]`)?.focus();
  }, []);

  const onKey = useCallback(
    (cell: Cell, event: KeyboardEvent<HTMLInputElement>) => {
      if ((event.key === 'Delete' || (event.key === 'Backspace' && event.currentTarget.selectionStart !== event.currentTarget.selectionEnd)) && !readOnly) {
        event.preventDefault();
        onChange(cell, 0);
        return;
      }
      const key = gridKeyOf(event);
      if (!key) return;
      const next = moveCell(cell, key, size.current.rows, size.current.columns);
      if (next === null) return; // Tab past the last cell leaves the grid.
      event.preventDefault();
      onActive(next);
      focusCell(next);
    },
    [focusCell, onActive, onChange, readOnly],
  );

  if (rows === 0 || columns === 0) return null;

  return (
    // As wide as the grid (the zoom buttons stay by it), never wider than the screen.
    <Box sx={{ width: 'fit-content', maxWidth: '100%', minWidth: 240 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('commutators.grid.size', { rows, columns })}
        </Typography>
        <IconButton size="small" aria-label={t('commutators.zoom.out')} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)} sx={{ border: 1, borderColor: 'divider', width: 36, height: 36 }}>
          −
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('commutators.zoom.in')}
          disabled={zoom === ZOOM_STEPS.length - 1}
          onClick={() => setZoom(zoom + 1)}
          sx={{ border: 1, borderColor: 'divider', width: 36, height: 36 }}
        >
          +
        </IconButton>
      </Stack>
      <Box
        sx={{
          overflow: 'auto',
          width: 'fit-content',
          maxWidth: '100%',
          maxHeight: { xs: '60vh', md: '70vh' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          // Pinch-zoom and pan inside the grid on a phone, not the page.
          touchAction: 'pan-x pan-y pinch-zoom',
          overscrollBehavior: 'contain',
        }}
        data-testid="matrix-scroll"
      >
        <Box
          component="table"
          ref={table}
          role="grid"
          aria-label={t('commutators.grid.label', { number: index + 1 })}
          aria-rowcount={rows + 1}
          aria-colcount={columns + 1}
          aria-readonly={readOnly || undefined}
          sx={(theme) => ({
            '--cell': `${ZOOM_STEPS[zoom]}rem`,
            borderCollapse: 'separate',
            borderSpacing: 0,
            fontSize: `calc(var(--cell) * 0.36)`,
            '& th': {
              position: 'sticky',
              background: theme.palette.background.paper,
              color: theme.palette.text.secondary,
              fontWeight: 500,
              padding: '2px 6px',
              textAlign: 'center',
              minWidth: 'var(--cell)',
              zIndex: 1,
            },
            '& thead th': { top: 0, borderBottom: `1px solid ${theme.palette.divider}`, zIndex: 2 },
            '& tbody th': { left: 0, borderRight: `1px solid ${theme.palette.divider}` },
            '& thead th:first-of-type': { left: 0, zIndex: 3 },
            '& td': { padding: 0, borderRight: `1px solid ${theme.palette.divider}`, borderBottom: `1px solid ${theme.palette.divider}` },
            '& input': {
              width: 'var(--cell)',
              height: 'calc(var(--cell) * 0.8)',
              boxSizing: 'border-box',
              border: 0,
              margin: 0,
              padding: '0 2px',
              textAlign: 'center',
              font: 'inherit',
              color: theme.palette.text.primary,
              background: 'transparent',
              outline: 'none',
            },
            '& input:focus': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}`, background: theme.palette.action.selected },
            '& td[data-problem="range"] input': { background: theme.palette.error.light, color: theme.palette.error.contrastText },
            '& td[data-problem="duplicate"] input': { background: theme.palette.warning.light, color: theme.palette.warning.contrastText },
            '& td[data-highlight] input': { boxShadow: `inset 0 0 0 3px ${theme.palette.secondary.main}` },
          })}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              <th role="columnheader" aria-label={t('commutators.grid.corner')} />
              {matrix[0].map((_value, column) => (
                <th key={column} role="columnheader" scope="col">
                  {column + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((cells, row) => (
              <tr key={row} role="row" aria-rowindex={row + 2}>
                <th role="rowheader" scope="row">
                  {row + 1}
                </th>
                {cells.map((value, column) => (
                  <MatrixCell
                    key={column}
                    row={row}
                    column={column}
                    value={value}
                    problem={problems.get(cellKey(index, row, column)) ?? null}
                    highlighted={highlightFlat !== null && value === highlightFlat}
                    active={active.row === row && active.column === column}
                    readOnly={readOnly}
                    label={t('commutators.grid.cell', { row: row + 1, column: column + 1 })}
                    onActive={onActive}
                    onChange={onChange}
                    onKey={onKey}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
});

interface MatrixCellProps {
  row: number;
  column: number;
  value: number;
  problem: CellProblem | null;
  highlighted: boolean;
  active: boolean;
  readOnly: boolean;
  label: string;
  onActive: (cell: Cell) => void;
  onChange: (cell: Cell, value: number) => void;
  onKey: (cell: Cell, event: KeyboardEvent<HTMLInputElement>) => void;
}

const MatrixCell = memo(function MatrixCell({ row, column, value, problem, highlighted, active, readOnly, label, onActive, onChange, onKey }: MatrixCellProps) {
  return (
    <td role="gridcell" aria-colindex={column + 2} data-problem={problem ?? undefined} data-highlight={highlighted || undefined}>
      <input
        data-cell={`${row}:${column}`}
        aria-label={label}
        aria-invalid={problem !== null || undefined}
        tabIndex={active ? 0 : -1}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        readOnly={readOnly}
        value={value > 0 ? String(value) : ''}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          event.currentTarget.select();
          if (!active) onActive({ row, column });
        }}
        onKeyDown={(event) => onKey({ row, column }, event)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ row, column }, parseCell(event.currentTarget.value, value))}
      />
    </td>
  );
});
