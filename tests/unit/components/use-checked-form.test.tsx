import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges } from '@/components/unsaved-changes/use-unsaved-changes-guard';
import { useCheckedForm } from '@/components/use-checked-form';

interface Values {
  name: string;
}

const submitEvent = () => ({ preventDefault: () => undefined, currentTarget: { querySelector: () => null } }) as unknown as FormEvent<HTMLFormElement>;

describe('useCheckedForm', () => {
  it('lets its own save navigate without asking, and marks the form unsaved again when the save is refused', async () => {
    let unsavedDuringSave: boolean | null = null;
    let refuse = true;
    const { result, unmount } = renderHook(() =>
      useCheckedForm<Values, 'name', 'name'>({
        initial: { name: '' },
        checked: ['name'],
        check: () => undefined,
        // As a create does: the new object's page is opened from inside the save.
        save: async () => {
          await Promise.resolve();
          unsavedDuringSave = hasUnsavedChanges();
          if (refuse) throw new Error('refused');
        },
        place: () => ({ fields: {}, banner: 'refused' }),
        same: (a, b) => a.name === b.name,
      }),
    );
    act(() => result.current.change('name', 'ООО «Ромашка»'));
    expect(hasUnsavedChanges()).toBe(true);

    await act(() => result.current.submit(submitEvent()));
    expect(unsavedDuringSave).toBe(false);
    expect(result.current.banner).toBe('refused');
    expect(hasUnsavedChanges()).toBe(true);

    refuse = false;
    await act(() => result.current.submit(submitEvent()));
    expect(unsavedDuringSave).toBe(false);
    expect(hasUnsavedChanges()).toBe(false);
    unmount();
  });
});
