/**
 * Loading data for a screen: { data, error, loading, reload }. No overlay: screens show
 * a skeleton while loading and an error state with a retry; what failed for want of a
 * network is asked again by itself when the phone is back online. A few calls many screens
 * make are shared for a short while (api/answerCache.ts); reload() always asks anew.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Endpoint, RequestOf, ResponseOf } from '../contract/endpoint';
import { call } from './http';
import { takePrefetched } from './prefetch';
import { isKept, keptCall, keptData } from './answerCache';
import { inlinedData, recordAnswer, takeInlined } from './inlined';
import { ApiError } from './errors';
import { onceOnline } from '../runtime/online';

export interface RequestState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
}

export function useRequest<E extends Endpoint>(endpoint: E, params: RequestOf<E>, opts: { enabled?: boolean } = {}): RequestState<ResponseOf<E>> {
  const enabled = opts.enabled !== false;
  const [state, setState] = useState<{ data?: ResponseOf<E>; error?: ApiError; loading: boolean }>(() => {
    // a pre-rendered page's inlined answer: the markup it arrived with, hydrated as it is
    const data = enabled ? (keptData(endpoint, params) ?? inlinedData(endpoint, params)) : undefined;
    return data === undefined ? { loading: enabled } : { data, loading: false };
  });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(params ?? {});
  const paramsRef = useRef(params);
  paramsRef.current = params;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const shown = tick === 0 ? (keptData(endpoint, paramsRef.current) ?? takeInlined(endpoint, paramsRef.current)) : undefined;
    setState((s) => (shown === undefined ? { ...s, loading: true, error: undefined } : { data: shown, loading: false }));
    const ask = () => (isKept(endpoint) ? keptCall(endpoint, paramsRef.current, { renew: tick > 0 }) : call(endpoint, paramsRef.current, { overlay: false }));
    // a prefetch that failed (it may have gone out before the phone was back online) is asked again
    const answer = (tick === 0 && takePrefetched(endpoint, paramsRef.current)?.catch(ask)) || ask();
    answer.then(
      (data) => {
        recordAnswer(endpoint, paramsRef.current, data);
        if (live) setState({ data, loading: false });
      },
      (error: unknown) =>
        live && setState((s) => ({ data: s.data, loading: false, error: error instanceof ApiError ? error : new ApiError(-1, String(error)) })),
    );
    return () => {
      live = false;
    };
  }, [endpoint, key, tick, enabled]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const offline = state.error?.network === true;
  useEffect(() => (offline ? onceOnline(reload) : undefined), [offline, reload]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
