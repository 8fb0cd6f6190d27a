import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListStateConfig } from '@/components/list-table/list-state-model';
import { ListTable } from '@/components/list-table/list-table';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { renderWithApp, stubPhoneScreen } from '../helpers/render';

interface Row {
  id: string;
  name: string;
}

const CONFIG: ListStateConfig<'q'> = { filterKeys: ['q'], firstPage: 1, sortableFields: ['name'] };
const ROWS: Row[] = [
  { id: 'a', name: 'Первый' },
  { id: 'b', name: 'Второй' },
];
const COLUMNS: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Имя' },
  { field: 'id', headerName: 'Код', sortable: false },
];

/** A list of two rows out of 45, selection kept in state: what a screen would hand ListTable. */
function Harness({ withCard = true, initial = [] }: { withCard?: boolean; initial?: GridRowId[] }) {
  const list = useUrlListState(CONFIG);
  const [ids, setIds] = useState<GridRowId[]>(initial);
  return (
    <ListTable
      label="Строки"
      rows={ROWS}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      rowCount={45}
      pageSize={20}
      loading={false}
      list={list}
      card={withCard ? { render: (row) => <span>{row.name}</span>, link: (row) => ({ to: `/rows/${row.id}`, label: `Открыть ${row.name}` }) } : undefined}
      selection={{ ids, onChange: setIds, actions: () => null }}
    />
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

// The grid and the cards load lazily (each only where it is shown): their modules are fetched once, before the cases.
beforeAll(() => Promise.all([import('@/components/list-table/list-grid'), import('@/components/list-table/list-cards')]), 60_000);

describe('ListTable on a phone', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a card per row, each a link, instead of the grid', async () => {
    stubPhoneScreen();
    renderWithApp(<Harness />, { path: '/rows', route: '*' });
    const list = await screen.findByRole('list', { name: 'Строки' }, { timeout: 10_000 });
    expect(screen.queryByRole('grid')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['Первый', 'Второй']);
    fireEvent.click(within(cards[1]!).getByRole('link', { name: 'Открыть Второй' }));
    await waitFor(() => expect(location()).toBe('/rows/b'));
  });

  it('pages on the server through the URL', async () => {
    stubPhoneScreen();
    renderWithApp(<Harness />, { path: '/rows?q=x', route: '*' });
    expect(await screen.findByText('1–20 из 45', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Перейти на следующую страницу' }));
    await waitFor(() => expect(location()).toBe('/rows?q=x&page=2'));
  });

  it('offers only the sortable columns, both ways, and writes the choice to the URL', async () => {
    stubPhoneScreen();
    renderWithApp(<Harness />, { path: '/rows?page=2', route: '*' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Сортировать/ }, { timeout: 10_000 }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['', 'Имя ↑', 'Имя ↓']);
    fireEvent.click(screen.getByRole('option', { name: 'Имя ↓' }));
    await waitFor(() => expect(location()).toBe('/rows?sort=-name'));
  });

  it("selects and clears the page's rows at once, keeping rows selected on other pages", async () => {
    stubPhoneScreen();
    renderWithApp(<Harness initial={['z']} />, { path: '/rows', route: '*' });
    const all = await screen.findByRole('checkbox', { name: 'Выбрать все строки' }, { timeout: 10_000 });
    fireEvent.click(all);
    expect(await screen.findByRole('toolbar', { name: 'Выбрано: 3' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Выбрать строку' })[0]!);
    expect(await screen.findByRole('toolbar', { name: 'Выбрано: 2' })).toBeTruthy();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(all);
    expect(await screen.findByRole('toolbar', { name: 'Выбрано: 3' })).toBeTruthy();
    fireEvent.click(all);
    expect(await screen.findByRole('toolbar', { name: 'Выбрано: 1' })).toBeTruthy();
  });

  it('keeps the grid for a list that gives no card', async () => {
    stubPhoneScreen();
    renderWithApp(<Harness withCard={false} />, { path: '/rows', route: '*' });
    expect(await screen.findByRole('grid', { name: 'Строки' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Строки' })).toBeNull();
  });
});
