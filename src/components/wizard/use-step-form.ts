import { useState } from 'react';
import { stepOnTheWay, useStepChecks } from './step-checks';

export interface StepFormOptions<S extends string | number, F extends string, K extends string> {
  steps: readonly S[];
  /** The open step. */
  step: S;
  setStep: (step: S) => void;
  /** Why each field is wrong (a message key); a field that is fine is absent. */
  errors: Partial<Record<F, K>>;
  /** The step that holds a field. */
  stepOfField: (field: NoInfer<F>) => S;
  /** The wizard can still be changed; a job on its way leaves the steps only to look at. */
  editable: boolean;
  translate: (key: K) => string;
  /** Another field whose leaving counts for this one (a picker that fills it). */
  touchedWith?: Partial<Record<NoInfer<F>, NoInfer<F>>>;
}

/**
 * What every wizard's form does with its steps and field errors: a field's error shows once the
 * field was left, or once a move past its step was refused (and then the step's marker in the
 * stepper shows it too, until it is fixed); going forward stops at the first step on the way with
 * errors; a submission with errors marks every wrong step and opens the first. `attempts` counts
 * the refusals, so the screen focuses the first wrong field each time.
 */
export function useStepForm<S extends string | number, F extends string, K extends string>(options: StepFormOptions<S, F, K>) {
  const { steps, step, setStep, errors, stepOfField, editable, translate, touchedWith } = options;
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const checks = useStepChecks<S>();

  const wrongFields = (Object.keys(errors) as F[]).filter((field) => errors[field] !== undefined);
  const stepHasErrors = (each: S) => wrongFields.some((field) => stepOfField(field) === each);

  const touch = (...fields: F[]) =>
    setTouched((current) => (fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields])));

  const shownError = (field: F): string | undefined => {
    const key = errors[field];
    if (key === undefined) return undefined;
    const other = touchedWith?.[field];
    const seen = touched.has(field) || (other !== undefined && touched.has(other)) || checks.isChecked(stepOfField(field));
    return seen ? translate(key) : undefined;
  };

  /** The stepper marks a step once a move past it was refused, not on a field left: a marker appearing as «Далее» is pressed would move the button from under the pointer. */
  const stepError = (each: S) => checks.isChecked(each) && stepHasErrors(each);

  /** Opens a step; going forward stops at the first step on the way with errors, which then shows them. Returns the step opened. */
  const move = (target: S): S => {
    const reached = editable ? stepOnTheWay(steps, step, target, stepHasErrors) : target;
    if (reached !== target) checks.check([reached]);
    setStep(reached);
    return reached;
  };
  /** As `move`; false when the move stopped short. */
  const goTo = (target: S): boolean => move(target) === target;

  /** Before a submission: true when nothing is wrong; otherwise every wrong step is marked and the first opened. */
  const readyToSubmit = (): boolean => {
    const wrong = steps.filter(stepHasErrors);
    if (wrong.length === 0) return true;
    checks.check(wrong);
    setStep(wrong[0]);
    return false;
  };

  return {
    touch,
    shownError,
    stepError,
    stepHasErrors,
    stepChecked: checks.isChecked,
    move,
    goTo,
    readyToSubmit,
    attempts: checks.attempts,
  };
}
