/**
 * Submitting an onboarding step's form: on invalid input, the first error as a toast and
 * focus on its field; on valid input, the upload-time gate, the save call (server field
 * errors go back onto the fields), the draft cleared, then the next step's screen.
 */
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { RouteName } from 'shared';
import { applyServerErrors, focusFirstError, useOnInvalid } from 'shared/forms';
import { goToNextStep } from './nextStep';
import { useUploadGate } from './useUploadGate';
import { RESUME_PARAM } from './permissions';

export function useStepSubmit<V extends FieldValues>(
  form: UseFormReturn<V>,
  opts: { step: RouteName; save(values: V): Promise<unknown>; draft: { clear(): void } },
) {
  const gate = useUploadGate();
  const onInvalid = useOnInvalid<V>();
  const { handleSubmit, setError } = form;
  const submit = handleSubmit(async (values) => {
    if (!(await gate(opts.step))) return;
    try {
      await opts.save(values);
    } catch (err) {
      applyServerErrors(err, setError);
      focusFirstError();
      return;
    }
    opts.draft.clear();
    await goToNextStep(opts.step).catch((err) => applyServerErrors(err, setError));
  }, onInvalid);

  // back from agreeing to the device permissions that this step's Next asked for: it goes on by itself, once
  const resumed = useRef(false);
  const resume = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get(RESUME_PARAM) === opts.step;
  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    void submit();
  }, [resume, submit]);
  return submit;
}
