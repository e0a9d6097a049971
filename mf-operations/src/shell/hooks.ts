/** Loading and acting against the staff API, each with the API's refusal kept for the screen to show. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { StaffApiError } from '../api/client';

const asApiError = (e: unknown) => (e instanceof StaffApiError ? e : new StaffApiError(0, 'badAnswer', (e as Error).message));

/** `load()` on mount and whenever `key` changes; `reload()` again (after an action) */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: StaffApiError; loading: boolean }>({ loading: true });
  const latest = useRef(load);
  latest.current = load;
  const run = useCallback(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    latest.current().then(
      (data) => live && setState({ data, loading: false }),
      (e) => live && setState((s) => ({ data: s.data, error: asApiError(e), loading: false })),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(run, [run, key]);
  return { ...state, reload: run };
}

/** one action at a time: `busy` while it runs, the refusal in `error` (the form's fields are left as typed) */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StaffApiError | null>(null);
  const run = useCallback(async <T>(act: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await act();
    } catch (e) {
      setError(asApiError(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}
