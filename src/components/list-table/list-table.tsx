import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import { gridLocales } from '@/i18n/grid-locales';
import { useLanguage } from '@/lib/preferences';
import { ListCards, type CardTexts, type ListCardConfig, type SortChoice } from './list-cards';
import type { UrlListState } from './use-url-list-state';

interface ListTableProps<R extends GridValidRowModel, F extends string> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => GridRowId;
  /** The server's totalCount. */
  rowCount: number;
  /** The server's page size. */
  pageSize: number;
  loading: boolean;
  error?: string | null;
  list: UrlListState<F>;
  /** Columns hidden on phone-width screens, where the table would otherwise scroll sideways. */
  hiddenOnPhone?: readonly string[];
  /** On phone-width screens, each row as a card instead of the grid (then `hiddenOnPhone` does not apply). */
  card?: ListCardConfig<R>;
  /** Below this breakpoint a list with a `card` shows cards: 'sm' (phones, the default), 'md' or 'lg' (tablets and small laptops too). */
  cardsBelow?: 'sm' | 'md' | 'lg';
  /** Rows as tall as their content (cells may wrap), rather than one line each. */
  autoRowHeight?: boolean;
  /** Multi-select: the selected ids and the actions on them, shown in a bar above the table. */
  selection?: {
    ids: GridRowId[];
    onChange: (ids: GridRowId[]) => void;
    actions: (ids: GridRowId[]) => ReactNode;
  };
}

const autoHeight = () => 'auto' as const;
const AUTO_HEIGHT_CELLS = { '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' } } as const;
// The last header's separator divides nothing, and it sticks out past a grid whose columns fill its width.
const GRID_SX = { border: 0, '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' } } as const;

/**
 * The list every screen shares: server-side paging and sorting bound to the URL (so a link
 * reproduces the view) and optional multi-select with a selection bar. Given a `card`, a phone
 * gets a card per row with the same paging, sort and selection.
 */
export function ListTable<R extends GridValidRowModel, F extends string>({
  label,
  rows,
  columns,
  getRowId,
  rowCount,
  pageSize,
  loading,
  error,
  list,
  hiddenOnPhone = [],
  card,
  cardsBelow = 'sm',
  autoRowHeight = false,
  selection,
}: ListTableProps<R, F>) {
  const t = useT();
  const language = useLanguage();
  const theme = useTheme();
  // A localeText prop replaces the theme's, so the locale is spread here; ruRU lacks these two texts.
  const localeText = useMemo(
    () => ({
      ...gridLocales[language].components.MuiDataGrid.defaultProps.localeText,
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => t('table.displayedRows', { from, to, count }),
      columnMenuAriaLabel: (column: string) => t('table.columnMenu', { column }),
    }),
    [language, t],
  );
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columnVisibilityModel = useMemo<GridColumnVisibilityModel>(
    () => Object.fromEntries(hiddenOnPhone.map((field) => [field, !phone])),
    [hiddenOnPhone, phone],
  );
  const gridPage = list.page - list.config.firstPage;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: gridPage, pageSize }), [gridPage, pageSize]);
  const sortField = list.sort?.field;
  const sortDirection = list.sort?.direction;
  const sortModel = useMemo<GridSortModel>(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection?.ids ?? []) }), [selection?.ids]);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.page !== paginationModel.page) list.setPage(model.page + list.config.firstPage);
  };
  // The grid also reports models it was handed; only a real change may touch the URL.
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const next = first?.sort ? { field: first.field, direction: first.sort } : null;
    if (next?.field === sortField && next?.direction === sortDirection) return;
    list.setSort(next);
  };

  const selected = selection?.ids ?? [];
  const narrow = useMediaQuery(theme.breakpoints.down(cardsBelow), { noSsr: true });
  const cards = narrow && card !== undefined;
  const sortable = list.config.sortableFields;
  const sortChoices: SortChoice[] = cards
    ? columns
        .filter((column) => column.sortable !== false && column.headerName && (!sortable || sortable.includes(column.field)))
        .map((column) => ({ field: column.field, label: column.headerName! }))
    : [];
  const cardTexts: CardTexts = {
    sort: localeText.columnHeaderSortIconLabel ?? '',
    selectAll: localeText.checkboxSelectionSelectAllRows ?? '',
    selectRow: localeText.checkboxSelectionSelectRow ?? '',
    noRows: localeText.noRowsLabel ?? '',
    displayedRows: localeText.paginationDisplayedRows,
    pageLabel: (type) => localeText.paginationItemAriaLabel?.(type) ?? type,
  };
  return (
    // Cards are framed each: a frame around them all would only take width from a phone.
    <Paper variant="outlined" sx={cards ? { border: 0, bgcolor: 'transparent' } : { overflow: 'hidden' }}>
      {selection && selected.length > 0 && (
        <Box
          role="toolbar"
          aria-label={t('table.selected', { count: selected.length })}
          sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1, bgcolor: 'action.selected' }}
        >
          <Typography sx={{ flex: 1, fontWeight: 500 }}>{t('table.selected', { count: selected.length })}</Typography>
          {selection.actions(selected)}
          <Button onClick={() => selection.onChange([])}>{t('table.clearSelection')}</Button>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          {t('table.loadError')}: {error}
        </Alert>
      )}
      {cards ? (
        <ListCards
          label={label}
          rows={rows}
          getRowId={getRowId}
          rowCount={rowCount}
          pageSize={pageSize}
          loading={loading}
          list={list}
          card={card}
          sortChoices={sortChoices}
          texts={cardTexts}
          selection={selection}
        />
      ) : (
        <DataGrid
          label={label}
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          rowCount={rowCount}
          loading={loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
          pageSizeOptions={[pageSize]}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          localeText={localeText}
          columnVisibilityModel={columnVisibilityModel}
          checkboxSelection={selection !== undefined}
          hideFooterSelectedRowCount
          disableRowSelectionOnClick
          disableRowSelectionExcludeModel
          keepNonExistentRowsSelected
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(model) => selection?.onChange([...model.ids])}
          autoHeight
          density="compact"
          {...(autoRowHeight ? { getRowHeight: autoHeight } : {})}
          sx={autoRowHeight ? { ...GRID_SX, ...AUTO_HEIGHT_CELLS } : GRID_SX}
        />
      )}
    </Paper>
  );
}
