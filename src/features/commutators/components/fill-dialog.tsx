import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { FlatRange } from '@contract/commutators';
import { FormDialog } from '@/components/form-dialog';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';
import { useT } from '../messages';
import type { Cell, FillOptions, FillOrder, Matrix } from '../model';

interface FillDialogProps {
  matrix: Matrix;
  flatRange: FlatRange | null;
  /** The grid's active cell: where the sequence starts unless changed. */
  start: Cell;
  onFill: (options: FillOptions) => void;
  onClose: () => void;
}

const whole = (text: string): number | null => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Fill in sequence: flats from a first one, from a first cell onwards (down the columns or along the rows), up to the range's end. */
export function FillDialog({ matrix, flatRange, start, onFill, onClose }: FillDialogProps) {
  const t = useT();
  const rows = matrix.length;
  const columns = matrix[0]?.length ?? 0;
  const [firstFlat, setFirstFlat] = useState(String(flatRange?.firstFlat ?? 1));
  const [lastFlat, setLastFlat] = useState(String(flatRange?.lastFlat ?? ''));
  const [row, setRow] = useState(String(start.row + 1));
  const [column, setColumn] = useState(String(start.column + 1));
  const [order, setOrder] = useState<FillOrder>('columns');

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
  const valid = !errors.first && !errors.last && !errors.row && !errors.column;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || first === null || last === null || startRow === null || startColumn === null) return;
    onFill({ firstFlat: first, lastFlat: last, start: { row: startRow - 1, column: startColumn - 1 }, order });
  };

  const field = (label: string, value: string, set: (value: string) => void, error: string | null) => (
    <TextField label={label} value={value} onChange={(event) => set(event.target.value)} error={error !== null} helperText={error ?? ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
  );

  return (
    <FormDialog title={t('commutators.fill.title')} submitLabel={t('commutators.fill.submit')} submitDisabled={!valid} busy={false} onClose={onClose} onSubmit={submit} maxWidth="xs">
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
    </FormDialog>
  );
}
