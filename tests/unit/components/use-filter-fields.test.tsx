import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFilterFields, type FilterProblems } from '@/components/use-filter-fields';

type Key = 'name' | 'id';
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
const check = (values: Record<Key, string>) => {
  const filters = { name: values.name.trim(), id: values.id.trim() };
  const problems: FilterProblems<Key> = {};
  if (!/^\d*$/.test(filters.id)) problems.id = 'a number';
  return { filters, problems };
};

describe('useFilterFields', () => {
  it('applies the checked values, or shows the problems and applies nothing', () => {
    const onApply = vi.fn();
    const { result } = renderHook(() => useFilterFields<Key>({ filters: { name: '', id: '' }, check, onApply, onClear: vi.fn() }));
    act(() => result.current.set('id')({ target: { value: 'x1' } }));
    act(() => result.current.submit(submitEvent()));
    expect(onApply).not.toHaveBeenCalled();
    expect(result.current.field('id')).toMatchObject({ name: 'id', value: 'x1', error: 'a number' });
    act(() => result.current.set('id')({ target: { value: ' 12 ' } }));
    act(() => result.current.set('name')({ target: { value: ' ann ' } }));
    act(() => result.current.submit(submitEvent()));
    expect(onApply).toHaveBeenCalledWith({ name: 'ann', id: '12' });
    expect(result.current.problems).toEqual({});
  });

  it('shows the URL once it changes (applied, reset, back button), dropping the problems', () => {
    const { result, rerender } = renderHook((filters: Record<Key, string>) => useFilterFields<Key>({ filters, check, onApply: vi.fn(), onClear: vi.fn() }), {
      initialProps: { name: 'ann', id: '' },
    });
    act(() => result.current.set('id')({ target: { value: 'zz' } }));
    act(() => result.current.submit(submitEvent()));
    expect(result.current.problems.id).toBe('a number');
    // The same filters in a new object: what is typed stays.
    rerender({ id: '', name: 'ann' });
    expect(result.current.values.id).toBe('zz');
    rerender({ name: 'bob', id: '7' });
    expect(result.current.values).toEqual({ name: 'bob', id: '7' });
    expect(result.current.problems).toEqual({});
  });

  it('clears the problems and what was typed, and asks the page to clear the URL on reset (also when it holds no filter)', () => {
    const onClear = vi.fn();
    const { result } = renderHook(() => useFilterFields<Key>({ filters: { name: '', id: '' }, check, onApply: vi.fn(), onClear }));
    act(() => result.current.set('id')({ target: { value: 'zz' } }));
    act(() => result.current.submit(submitEvent()));
    act(() => result.current.reset());
    expect(onClear).toHaveBeenCalledOnce();
    expect(result.current.problems).toEqual({});
    expect(result.current.values).toEqual({ name: '', id: '' });
  });
});
