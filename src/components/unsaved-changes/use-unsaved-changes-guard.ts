import { useEffect, useState, useSyncExternalStore } from 'react';

/*
 * Which forms on screen hold edits not saved yet. Each form says so with `useUnsavedChangesGuard`;
 * the one `UnsavedChangesPrompt` of the app layout asks before a navigation or a reload would drop
 * them. One store, one router blocker: react-router honours a single blocker at a time, and a page
 * such as the device card has several forms.
 */
const dirtySources = new Set<symbol>();
const listeners = new Set<() => void>();

function set(source: symbol, dirty: boolean): void {
  if (dirty === dirtySources.has(source)) return;
  if (dirty) dirtySources.add(source);
  else dirtySources.delete(source);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any form on screen holds unsaved edits now (read at the moment of a navigation). */
export function hasUnsavedChanges(): boolean {
  return dirtySources.size > 0;
}

export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedChanges);
}

/**
 * Marks this form's edits as unsaved while `dirty`, so leaving the page asks first. `settle()`
 * clears the mark at once, before React re-renders: for a save that navigates before it ends.
 * `resume()` puts back the mark `dirty` gave, for a save that was refused.
 */
export function useUnsavedChangesGuard(dirty: boolean): { settle: () => void; resume: () => void } {
  const [id] = useState(() => Symbol('unsaved-form'));
  useEffect(() => {
    set(id, dirty);
  }, [id, dirty]);
  useEffect(() => () => set(id, false), [id]);
  return { settle: () => set(id, false), resume: () => set(id, dirty) };
}
