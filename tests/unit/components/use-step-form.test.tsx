import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useStepForm } from '@/components/wizard/use-step-form';

const STEPS = ['device', 'address', 'access', 'review'] as const;
type Step = (typeof STEPS)[number];
type Field = 'mac' | 'house' | 'address' | 'dns';
const STEP_OF: Record<Field, Step> = { mac: 'device', house: 'address', address: 'address', dns: 'access' };

/** The hook over a wizard whose errors are given, starting at `start`. */
function setup(errors: Partial<Record<Field, string>>, start: Step = 'device', editable = true) {
  return renderHook(() => {
    const [step, setStep] = useState<Step>(start);
    const form = useStepForm({
      steps: STEPS,
      step,
      setStep,
      errors,
      stepOfField: (field) => STEP_OF[field],
      editable,
      translate: (key: string) => `«${key}»`,
      touchedWith: { address: 'house' },
    });
    return { step, form };
  });
}

describe('useStepForm', () => {
  it('shows a field’s error only once the field was left', () => {
    const { result } = setup({ mac: 'error.mac', dns: 'error.dns' });
    expect(result.current.form.shownError('mac')).toBeUndefined();
    act(() => result.current.form.touch('mac'));
    expect(result.current.form.shownError('mac')).toBe('«error.mac»');
    expect(result.current.form.shownError('dns')).toBeUndefined();
    // Leaving a field marks no step in the stepper.
    expect(result.current.form.stepError('device')).toBe(false);
  });

  it('counts a field as left with the field that fills it', () => {
    const { result } = setup({ address: 'error.address' });
    act(() => result.current.form.touch('house'));
    expect(result.current.form.shownError('address')).toBe('«error.address»');
  });

  it('«Далее» on a step with errors stays there, marks the step and shows every error of it', () => {
    const { result } = setup({ mac: 'error.mac', dns: 'error.dns' });
    let moved = true;
    act(() => {
      moved = result.current.form.goTo('address');
    });
    expect(moved).toBe(false);
    expect(result.current.step).toBe('device');
    expect(result.current.form.stepError('device')).toBe(true);
    expect(result.current.form.shownError('mac')).toBe('«error.mac»');
    expect(result.current.form.shownError('dns')).toBeUndefined();
    expect(result.current.form.attempts).toBe(1);
  });

  it('a step chosen further on stops at the first wrong step on the way; going back is never stopped', () => {
    const { result } = setup({ dns: 'error.dns' });
    act(() => void result.current.form.goTo('review'));
    expect(result.current.step).toBe('access');
    act(() => void result.current.form.goTo('device'));
    expect(result.current.step).toBe('device');
  });

  it('a wizard that can no longer change is only looked at: no step stops it', () => {
    const { result } = setup({ mac: 'error.mac' }, 'device', false);
    act(() => void result.current.form.goTo('review'));
    expect(result.current.step).toBe('review');
  });

  it('a submission with errors marks every wrong step and opens the first; without errors it may go', () => {
    const { result } = setup({ mac: 'error.mac', dns: 'error.dns' }, 'review');
    let ready = true;
    act(() => {
      ready = result.current.form.readyToSubmit();
    });
    expect(ready).toBe(false);
    expect(result.current.step).toBe('device');
    expect(result.current.form.stepError('device')).toBe(true);
    expect(result.current.form.stepError('access')).toBe(true);
    expect(result.current.form.shownError('dns')).toBe('«error.dns»');
    expect(setup({}, 'review').result.current.form.readyToSubmit()).toBe(true);
  });
});
