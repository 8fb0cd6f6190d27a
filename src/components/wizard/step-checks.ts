import { useEffect, useState, type RefObject } from 'react';

/**
 * Where a move from `from` to `to` stops. Going forward (by «Далее» or by a later step in the
 * stepper) stops at the first step on the way, the open one included, that has errors; going back
 * is never stopped.
 */
export function stepOnTheWay<S>(steps: readonly S[], from: S, to: S, hasErrors: (step: S) => boolean): S {
  const start = steps.indexOf(from);
  const end = steps.indexOf(to);
  if (start < 0 || end <= start) return to;
  return steps.slice(start, end).find(hasErrors) ?? to;
}

/**
 * The steps whose errors are shown: a step is checked once a move past it was refused (or a
 * submission found it wrong), and from then on its fields and its marker in the stepper show what
 * is wrong until it is fixed. `attempts` counts the refusals, to focus the first wrong field each time.
 */
export function useStepChecks<S extends string | number>() {
  const [checked, setChecked] = useState<ReadonlySet<S>>(() => new Set());
  const [attempts, setAttempts] = useState(0);
  const check = (steps: readonly S[]) => {
    setChecked((current) => (steps.every((step) => current.has(step)) ? current : new Set([...current, ...steps])));
    setAttempts((count) => count + 1);
  };
  return { isChecked: (step: S) => checked.has(step), check, attempts };
}

/** How long a step that loads lazily may take to show its fields before the focus gives up. */
const FOCUS_WAIT_MS = 3_000;

/**
 * After each refused move, focuses the first field marked invalid inside `root` (MUI inputs carry
 * aria-invalid), waiting for a lazily loaded step to show it. Focusing also scrolls it into view.
 */
export function useFocusFirstInvalid(attempts: number, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = root.current;
    if (attempts === 0 || !container) return;
    const focus = (): boolean => {
      const field = container.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus();
      return field !== null;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
    const timer = setTimeout(() => observer.disconnect(), FOCUS_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [attempts, root]);
}
