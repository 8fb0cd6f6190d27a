import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stepOnTheWay, useFocusFirstInvalid, useStepChecks } from '@/components/wizard/step-checks';

const STEPS = ['device', 'address', 'access', 'review'] as const;

describe('stepOnTheWay', () => {
  const wrong = (...steps: string[]) => (step: string) => steps.includes(step);

  it('«Далее» on a step with errors stays on it', () => {
    expect(stepOnTheWay(STEPS, 'address', 'access', wrong('address'))).toBe('address');
  });

  it('a later step chosen in the stepper stops at the first step on the way with errors', () => {
    expect(stepOnTheWay(STEPS, 'device', 'review', wrong('address', 'access'))).toBe('address');
    expect(stepOnTheWay(STEPS, 'device', 'access', wrong('access'))).toBe('access');
  });

  it('moves on when nothing on the way has errors; a step after the target does not count', () => {
    expect(stepOnTheWay(STEPS, 'device', 'access', wrong('access', 'review'))).toBe('access');
    expect(stepOnTheWay(STEPS, 'device', 'address', wrong())).toBe('address');
  });

  it('never stops a move back', () => {
    expect(stepOnTheWay(STEPS, 'access', 'device', wrong('device', 'address', 'access'))).toBe('device');
  });
});

describe('useStepChecks', () => {
  it('remembers the steps checked and counts every refusal', () => {
    const { result } = renderHook(() => useStepChecks<string>());
    expect(result.current.isChecked('address')).toBe(false);
    act(() => result.current.check(['address']));
    act(() => result.current.check(['address']));
    expect(result.current.isChecked('address')).toBe(true);
    expect(result.current.isChecked('device')).toBe(false);
    expect(result.current.attempts).toBe(2);
  });
});

/** A step whose «MAC-адрес» shows at once, or (lazy) only on «Показать шаг», as a lazily loaded step would. */
function Form({ lazy, modelInvalid = true }: { lazy: boolean; modelInvalid?: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  const [shown, setShown] = useState(!lazy);
  useFocusFirstInvalid(attempts, ref);
  return (
    <form ref={ref}>
      <input aria-label="Серийный номер" />
      {shown && <input aria-label="MAC-адрес" aria-invalid="true" />}
      <input aria-label="Модель" aria-invalid={modelInvalid} />
      <button type="button" onClick={() => setAttempts((count) => count + 1)}>
        Далее
      </button>
      <button type="button" onClick={() => setShown(true)}>
        Показать шаг
      </button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('focuses the first invalid field after a refusal, not before', () => {
    render(<Form lazy={false} />);
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'Далее' }).click());
    expect(document.activeElement).toBe(screen.getByLabelText('MAC-адрес'));
  });

  it('waits for a step that shows its fields later', async () => {
    render(<Form lazy modelInvalid={false} />);
    act(() => screen.getByRole('button', { name: 'Далее' }).click());
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'Показать шаг' }).click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('MAC-адрес')));
  });
});
