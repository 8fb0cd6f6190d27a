import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridActionsCellItemProps, GridColDef, GridColumnVisibilityModel, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import { gridLocales } from '@/i18n/grid-locales';
import { useLanguage } from '@/lib/preferences';
import type { CardTexts, ListCardConfig, ListCards as ListCardsForm, SortChoice } from './list-cards';
import type { ListGrid as ListGridForm } from './list-grid';
import type { UrlListState } from './use-url-list-state';

export interface ListTableProps<R extends GridValidRowModel, F extends string> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => GridRowId;
  /** The server's totalCount. */
  rowCount: number;
  /** The server counted up to a cap: more rows match than `rowCount` («из более N»). */
  countCapped?: boolean;
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

// Each form loads only where it is shown: a phone never fetches the data grid (about 127 KB gzip), a desktop never the cards.
// (React.lazy drops the type parameters; the casts give them back.)
const ListGrid = lazy(() => import('./list-grid').then((m) => ({ default: m.ListGrid }))) as unknown as typeof ListGridForm;
const ListCards = lazy(() => import('./list-cards').then((m) => ({ default: m.ListCards }))) as unknown as typeof ListCardsForm;
const LazyGridAction = lazy(() => import('./list-grid').then((m) => ({ default: m.GridActionsCellItem })));

/** An item of a grid's actions column (`getActions`): the grid's own, loaded with the grid. */
export function GridAction(props: GridActionsCellItemProps) {
  return (
    <Suspense fallback={null}>
      <LazyGridAction {...props} />
    </Suspense>
  );
}

/** Holds the list's place while its form's code loads. */
const loadingForm = <Box sx={{ minHeight: 160 }} />;

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
  countCapped = false,
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
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t(countCapped ? 'table.displayedRows.capped' : 'table.displayedRows', { from, to, count }),
      columnMenuAriaLabel: (column: string) => t('table.columnMenu', { column }),
    }),
    [language, t, countCapped],
  );
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columnVisibilityModel = useMemo<GridColumnVisibilityModel>(
    () => Object.fromEntries(hiddenOnPhone.map((field) => [field, !phone])),
    [hiddenOnPhone, phone],
  );
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
      <Suspense fallback={loadingForm}>
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
          <ListGrid
            label={label}
            rows={rows}
            columns={columns}
            getRowId={getRowId}
            rowCount={rowCount}
            pageSize={pageSize}
            loading={loading}
            list={list}
            localeText={localeText}
            columnVisibilityModel={columnVisibilityModel}
            autoRowHeight={autoRowHeight}
            selection={selection}
          />
        )}
      </Suspense>
    </Paper>
  );
}
