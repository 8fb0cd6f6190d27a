export { GridActionsCellItem } from '@mui/x-data-grid';
import {
  DataGrid,
  type GridColumnVisibilityModel,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { ListTableProps } from './list-table';

export type ListGridProps<R extends GridValidRowModel, F extends string> = Pick<
  ListTableProps<R, F>,
  'label' | 'rows' | 'columns' | 'getRowId' | 'rowCount' | 'pageSize' | 'loading' | 'list'
> & {
  localeText: Partial<GridLocaleText>;
  columnVisibilityModel: GridColumnVisibilityModel;
  autoRowHeight: boolean;
  selection?: Pick<NonNullable<ListTableProps<R, F>['selection']>, 'ids' | 'onChange'>;
};

const autoHeight = () => 'auto' as const;
const AUTO_HEIGHT_CELLS = { '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' } } as const;
// The last header's separator divides nothing, and it sticks out past a grid whose columns fill its width.
const GRID_SX = { border: 0, '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' } } as const;

/** ListTable's wide form: MUI's data grid (about 127 KB gzip, so it loads only where a grid is shown), paging and sort bound to the URL. */
export function ListGrid<R extends GridValidRowModel, F extends string>({
  label,
  rows,
  columns,
  getRowId,
  rowCount,
  pageSize,
  loading,
  list,
  localeText,
  columnVisibilityModel,
  autoRowHeight,
  selection,
}: ListGridProps<R, F>) {
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

  return (
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
  );
}
