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
  /** Multi-select: the selected ids and the actions on them, shown in a bar above the table. */
  selection?: {
    ids: GridRowId[];
    onChange: (ids: GridRowId[]) => void;
    actions: (ids: GridRowId[]) => ReactNode;
  };
}

/**
 * The list every screen shares: server-side paging and sorting bound to the URL (so a link
 * reproduces the view) and optional multi-select with a selection bar.
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
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
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
        sx={{ border: 0 }}
      />
    </Paper>
  );
}
