import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { FlatRange } from '@contract/commutators';
import { FormDialog } from '@/components/form-dialog';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { notify } from '@/components/notifications/notify';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';
import { useT } from '../messages';
import { compactRanges, fillReport, type Cell, type FillOptions, type FillOrder, type FillReport, type Matrix } from '../model';

interface FillDialogProps {
  matrix: Matrix;
  flatRange: FlatRange | null;
  /** The grid's active cell: where the sequence starts unless changed. */
  start: Cell;
  onFill: (options: FillOptions) => void;
  onClose: () => void;
}

const whole = (text: string): number | null => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Fill in sequence: flats from a first one, from a first cell onwards (down the columns or along the
 * rows), up to the range's end. Before filling it says what will not fit and what would end up
 * twice, and offers to clear the matrix first (asked again before erasing); after, what was placed.
 */
export function FillDialog({ matrix, flatRange, start, onFill, onClose }: FillDialogProps) {
  const t = useT();
  const rows = matrix.length;
  const columns = matrix[0]?.length ?? 0;
  const [firstFlat, setFirstFlat] = useState(String(flatRange?.firstFlat ?? 1));
  const [lastFlat, setLastFlat] = useState(String(flatRange?.lastFlat ?? ''));
  const [row, setRow] = useState(String(start.row + 1));
  const [column, setColumn] = useState(String(start.column + 1));
  const [order, setOrder] = useState<FillOrder>('columns');
  const [clear, setClear] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);

  const first = whole(firstFlat);
  const last = whole(lastFlat);
  const startRow = whole(row);
  const startColumn = whole(column);
  const errors = {
    first: first === null || first < 1 || first > FLAT_NUMBER_MAX ? t('commutators.fill.flatError') : null,
    last: last === null || first === null || last < first || last > FLAT_NUMBER_MAX ? t('commutators.fill.lastError') : null,
    row: startRow === null || startRow < 1 || startRow > rows ? t('commutators.fill.cellError', { max: rows }) : null,
    column: startColumn === null || startColumn < 1 || startColumn > columns ? t('commutators.fill.cellError', { max: columns }) : null,
  };
  const options: FillOptions | null =
    !errors.first && !errors.last && !errors.row && !errors.column && first !== null && last !== null && startRow !== null && startColumn !== null
      ? { firstFlat: first, lastFlat: last, start: { row: startRow - 1, column: startColumn - 1 }, order, clear }
      : null;
  const report = options ? fillReport(matrix, options) : null;
  const filledCells = report?.filledCells ?? matrix.reduce((sum, cells) => sum + cells.filter((flat) => flat > 0).length, 0);

  const fill = (chosen: FillOptions, done: FillReport) => {
    onFill(chosen);
    if (done.notFitting.length > 0) {
      notify(t('commutators.fill.doneShort', { placed: done.placed, total: done.total, flats: compactRanges(done.notFitting) }), { variant: 'warning' });
    } else {
      notify(t('commutators.fill.done', { placed: done.placed }), { variant: 'success' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!options || !report) return;
    if (options.clear && report.filledCells > 0) setConfirmingClear(true);
    else fill(options, report);
  };

  const field = (label: string, value: string, set: (value: string) => void, error: string | null) => (
    <TextField label={label} value={value} onChange={(event) => set(event.target.value)} error={error !== null} helperText={error ?? ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
  );

  return (
    <>
      <FormDialog title={t('commutators.fill.title')} submitLabel={t('commutators.fill.submit')} submitDisabled={!options} busy={false} onClose={onClose} onSubmit={submit} maxWidth="xs">
        {field(t('commutators.fill.first'), firstFlat, setFirstFlat, errors.first)}
        {field(t('commutators.fill.last'), lastFlat, setLastFlat, errors.last)}
        {field(t('commutators.fill.row'), row, setRow, errors.row)}
        {field(t('commutators.fill.column'), column, setColumn, errors.column)}
        <TextField
          select
          label={t('commutators.fill.order')}
          value={order}
          onChange={(event) => setOrder(event.target.value === 'rows' ? 'rows' : 'columns')}
          slotProps={{ select: { native: true } }}
        >
          <option value="columns">{t('commutators.fill.order.columns')}</option>
          <option value="rows">{t('commutators.fill.order.rows')}</option>
        </TextField>
        {filledCells > 0 && (
          <FormControlLabel
            control={<Checkbox checked={clear} onChange={(event) => setClear(event.target.checked)} />}
            label={t('commutators.fill.clear', { cells: filledCells })}
          />
        )}
        {report && <FillPreview report={report} />}
      </FormDialog>
      <LazyConfirmDialog
        open={confirmingClear}
        danger
        title={t('commutators.fill.clearTitle')}
        text={t('commutators.fill.clearText', { cells: filledCells })}
        confirmLabel={t('commutators.fill.clearConfirm')}
        onConfirm={() => {
          setConfirmingClear(false);
          if (options && report) fill(options, report);
        }}
        onClose={() => setConfirmingClear(false)}
      />
    </>
  );
}

/** What the fill will do, as the fields stand: all placed, or what is left out and what ends up twice. */
function FillPreview({ report }: { report: FillReport }) {
  const t = useT();
  const fine = report.notFitting.length === 0 && report.twice.length === 0;
  return (
    <Alert severity={fine ? 'info' : 'warning'} data-testid="fill-preview" aria-live="polite">
      {report.notFitting.length > 0
        ? t('commutators.fill.notFitting', { placed: report.placed, total: report.total, count: report.notFitting.length, flats: compactRanges(report.notFitting) })
        : t('commutators.fill.fits', { placed: report.placed })}
      {report.twice.length > 0 && <div>{t('commutators.fill.twice', { count: report.twice.length, flats: compactRanges(report.twice) })}</div>}
    </Alert>
  );
}
