import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatSort, parseSort } from './list-state-model';
import type { UrlListState } from './use-url-list-state';

/** How a list shows a row as a card on a phone, where a grid would scroll sideways. */
export interface ListCardConfig<R> {
  /** The card's content. */
  render: (row: R) => ReactNode;
  /** Where a tap on the card leads, and that link's accessible name. */
  link?: (row: R) => { to: string; label: string };
  /** Controls beside the card's link (never inside it: a link may not hold buttons). */
  actions?: (row: R) => ReactNode;
  /** The accessible name of the card's checkbox; the grid's "select row" when left out. */
  selectLabel?: (row: R) => string;
}

export interface CardTexts {
  sort: string;
  selectAll: string;
  selectRow: string;
  noRows: string;
  displayedRows: (range: { from: number; to: number; count: number }) => string;
  pageLabel: (type: 'first' | 'last' | 'next' | 'previous') => string;
}

export interface SortChoice {
  field: string;
  label: string;
}

interface ListCardsProps<R extends GridValidRowModel, F extends string> {
  label: string;
  rows: readonly R[];
  getRowId: (row: R) => GridRowId;
  rowCount: number;
  pageSize: number;
  loading: boolean;
  list: UrlListState<F>;
  card: ListCardConfig<R>;
  /** The fields the list may be sorted by, named as their columns are. */
  sortChoices: readonly SortChoice[];
  texts: CardTexts;
  selection?: { ids: GridRowId[]; onChange: (ids: GridRowId[]) => void };
}

/** The phone form of ListTable: the same server paging, sort and selection, a card per row. */
export function ListCards<R extends GridValidRowModel, F extends string>({
  label,
  rows,
  getRowId,
  rowCount,
  pageSize,
  loading,
  list,
  card,
  sortChoices,
  texts,
  selection,
}: ListCardsProps<R, F>) {
  const ids = rows.map(getRowId);
  const selected = new Set(selection?.ids ?? []);
  const onPage = ids.filter((id) => selected.has(id)).length;
  const toggle = (id: GridRowId) => selection?.onChange(selected.has(id) ? [...selected].filter((other) => other !== id) : [...selected, id]);
  // Like the grid's header checkbox: it selects or clears the rows of this page, keeping the others.
  const toggleAll = () =>
    selection?.onChange(onPage === ids.length ? [...selected].filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])]);
  const sortValue = formatSort(list.sort);

  return (
    <Box>
      {(sortChoices.length > 0 || (selection && rows.length > 0)) && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, pb: 1 }}>
          {selection && rows.length > 0 && (
            // In the cards' checkbox column, like the grid's header checkbox.
            <Checkbox
              checked={onPage === ids.length}
              indeterminate={onPage > 0 && onPage < ids.length}
              onChange={toggleAll}
              title={texts.selectAll}
              slotProps={{ input: { 'aria-label': texts.selectAll } }}
            />
          )}
          {sortChoices.length > 0 && (
            <TextField
              select
              size="small"
              label={texts.sort}
              value={sortValue}
              onChange={(event) => list.setSort(parseSort(event.target.value))}
              sx={{ minWidth: 180, maxWidth: 400, flex: 1 }}
            >
              {sortValue === '' && <MenuItem value="" />}
              {sortChoices.flatMap((choice) => [
                <MenuItem key={choice.field} value={choice.field}>
                  {choice.label} ↑
                </MenuItem>,
                <MenuItem key={`-${choice.field}`} value={`-${choice.field}`}>
                  {choice.label} ↓
                </MenuItem>,
              ])}
            </TextField>
          )}
        </Box>
      )}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <Box component="ul" aria-label={label} aria-busy={loading} sx={{ listStyle: 'none', m: 0, p: 0, pt: 0.5, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' }}>
        {rows.map((row) => {
          const id = getRowId(row);
          const link = card.link?.(row);
          const content = <Box sx={{ p: 1.5, minWidth: 0 }}>{card.render(row)}</Box>;
          return (
            <Card component="li" key={id} variant="outlined" sx={{ display: 'flex', alignItems: 'stretch', minWidth: 0 }}>
              {selection && (
                <Checkbox
                  checked={selected.has(id)}
                  onChange={() => toggle(id)}
                  slotProps={{ input: { 'aria-label': card.selectLabel?.(row) ?? texts.selectRow } }}
                  sx={{ alignSelf: 'flex-start', mt: 0.5 }}
                />
              )}
              {link ? (
                <CardActionArea component={RouterLink} to={link.to} aria-label={link.label} sx={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}>
                  {content}
                </CardActionArea>
              ) : (
                <Box sx={{ flex: 1, minWidth: 0 }}>{content}</Box>
              )}
              {card.actions && <Box sx={{ display: 'flex', alignItems: 'center', pr: 0.5 }}>{card.actions(row)}</Box>}
            </Card>
          );
        })}
      </Box>
      {rows.length === 0 && !loading && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {texts.noRows}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={rowCount}
        page={Math.max(0, list.page - list.config.firstPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_event, page) => list.setPage(page + list.config.firstPage)}
        labelDisplayedRows={texts.displayedRows}
        getItemAriaLabel={texts.pageLabel}
      />
    </Box>
  );
}
