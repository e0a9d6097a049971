/**
 * A field of a pre-rendered page puts back what the borrower typed into it before the page was
 * hydrated (shell/typedBeforeHydration.ts), through the control's own input event, so the form's
 * state follows as if it had been typed now. Returns the ref to give the control (the caller's ref too).
 */
import { useCallback, useEffect, useRef, type ForwardedRef } from 'react';
import { takeTypedBeforeHydration } from 'shared';

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

export function useKeepTypedBeforeHydration(ref: ForwardedRef<HTMLInputElement>) {
  const own = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const el = own.current;
    const value = el ? takeTypedBeforeHydration(el) : undefined;
    if (!el || value === undefined) return;
    if (typeof value === 'boolean') {
      if (el.checked !== value) el.click(); // React's change event of a checkbox is its click
    } else if (el.value !== value) {
      setValue?.call(el, value); // past React's own value tracking, so it sees a change
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, []);
  return useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
}
