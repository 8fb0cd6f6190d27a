import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FlatRange } from '@contract/commutators';
import { useT } from '../messages';
import { allWired, compactRanges, type MatrixCheck, type PlacedCell } from '../model';

const MAX_LISTED = 12;

/** The checks before saving, in words: numbers outside the range, flats wired twice (every cell named), flats left unwired. */
export function MatrixChecks({ check, flatRange }: { check: MatrixCheck; flatRange: FlatRange | null }) {
  const t = useT();
  const place = (cell: PlacedCell) => t('commutators.check.cell', { commutator: cell.index + 1, row: cell.row + 1, column: cell.column + 1 });
  const { outOfRange, duplicates, unwired } = check;
  return (
    <Stack spacing={1} aria-live="polite">
      {outOfRange.length > 0 && (
        <Alert severity="error">
          <Typography variant="subtitle2">
            {flatRange ? t('commutators.check.outOfRange', { first: flatRange.firstFlat, last: flatRange.lastFlat }) : t('commutators.check.invalid')}
          </Typography>
          {outOfRange.slice(0, MAX_LISTED).map((cell) => (
            <div key={`${cell.index}:${cell.row}:${cell.column}`}>{t('commutators.check.flatAt', { flat: cell.flat, cell: place(cell) })}</div>
          ))}
          {outOfRange.length > MAX_LISTED && <div>{t('commutators.check.more', { count: outOfRange.length - MAX_LISTED })}</div>}
        </Alert>
      )}
      {duplicates.length > 0 && (
        <Alert severity="error">
          <Typography variant="subtitle2">{t('commutators.check.duplicates')}</Typography>
          {duplicates.slice(0, MAX_LISTED).map((duplicate) => (
            <div key={duplicate.flat}>{t('commutators.check.duplicate', { flat: duplicate.flat, cells: duplicate.cells.map(place).join('; ') })}</div>
          ))}
          {duplicates.length > MAX_LISTED && <div>{t('commutators.check.more', { count: duplicates.length - MAX_LISTED })}</div>}
        </Alert>
      )}
      {flatRange &&
        (unwired.length > 0 ? (
          <Alert severity="info">{t('commutators.check.unwired', { count: unwired.length, flats: compactRanges(unwired) })}</Alert>
        ) : (
          allWired(check) && <Alert severity="success">{t('commutators.check.allWired')}</Alert>
        ))}
    </Stack>
  );
}
