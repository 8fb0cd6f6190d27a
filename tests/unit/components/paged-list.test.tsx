import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedList } from '@/components/paged-list/paged-list';
import { HttpError } from '@/lib/http';

function pager(overrides: { page?: number; totalCount?: number; capped?: boolean; rowCount?: number; setPage?: (page: number) => void } = {}) {
  return {
    list: { page: overrides.page ?? 1, config: { firstPage: 1 }, setPage: overrides.setPage ?? (() => undefined) },
    totalCount: overrides.totalCount ?? 27,
    pageSize: 20,
    capped: overrides.capped,
    rowCount: overrides.rowCount,
    displayed: ({ from, to, count }: { from: number; to: number; count: number }) => `${from}–${to} из ${overrides.capped ? 'более ' : ''}${count}`,
    previousLabel: 'Назад',
    nextLabel: 'Вперёд',
  };
}

describe('PagedList', () => {
  it('shows «1–20 из 27», no way back from page 1, and moves on to page 2', () => {
    const setPage = vi.fn();
    render(
      <PagedList rowCount={20} loading={false} error={null} errorText={(error) => error} emptyText="Пусто" pager={pager({ setPage })}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('1–20 из 27')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Назад' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('with a capped count keeps «next» open while the page is full, and closes it on a short page', () => {
    const { rerender } = render(
      <PagedList rowCount={20} loading={false} error={null} errorText={(error) => error} emptyText="Пусто" pager={pager({ page: 2, totalCount: 40, capped: true, rowCount: 20 })}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('21–40 из более 40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Вперёд' })).toHaveProperty('disabled', false);
    rerender(
      <PagedList rowCount={7} loading={false} error={null} errorText={(error) => error} emptyText="Пусто" pager={pager({ page: 2, totalCount: 40, capped: true, rowCount: 7 })}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByRole('button', { name: 'Вперёд' })).toHaveProperty('disabled', true);
  });

  it('says the list is empty only when nothing is loading or failed', () => {
    const { rerender } = render(
      <PagedList rowCount={0} loading error={null} errorText={(error) => error} emptyText="Пусто" pager={pager({ totalCount: 0 })}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.queryByText('Пусто')).toBeNull();
    rerender(
      <PagedList rowCount={0} loading={false} error={null} errorText={(error) => error} emptyText="Пусто" pager={pager({ totalCount: 0 })}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('Пусто')).toBeTruthy();
  });

  it('puts the failure above the rows with «Повторить»', () => {
    const onRetry = vi.fn();
    render(
      <PagedList rowCount={0} loading={false} error="нет связи" errorText={(error) => `Не загрузилось: ${error}`} retry={{ label: 'Повторить', onRetry }} emptyText="Пусто" pager={pager()}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Не загрузилось: нет связи');
    expect(screen.queryByText('Пусто')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('with a first load: the skeleton until the answer, then a failed first load takes the list’s place and a 404 offers no retry', () => {
    const { rerender } = render(
      <PagedList rowCount={0} loading error={null} errorText={(error) => error} retry={{ label: 'Повторить', onRetry: () => undefined }} firstLoad={{ pending: true, skeleton: <p>skeleton</p> }} emptyText="Пусто" pager={pager()}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('skeleton')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
    rerender(
      <PagedList rowCount={0} loading={false} error={new HttpError(404, 'нет такого', null)} errorText={(error) => `Не загрузилось: ${error}`} retry={{ label: 'Повторить', onRetry: () => undefined }} firstLoad={{ pending: false, skeleton: <p>skeleton</p> }} emptyText="Пусто" pager={pager()}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Не загрузилось: нет такого');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(screen.queryByText('rows')).toBeNull();
  });
});
