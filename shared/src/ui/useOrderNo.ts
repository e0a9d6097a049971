/**
 * The order a screen is about: `?orderNo=` when given, else the borrower's latest order.
 * `orderNo` is undefined while the latest order is loading or when there is none; `none` is
 * true when the borrower has no order at all (a fresh account).
 */
import { type ApiError, useRequest, endpoints, useSearchParams, useSession } from 'shared';

export interface OrderNoState {
  orderNo: string | undefined;
  loggedIn: boolean;
  loading: boolean;
  error: ApiError | undefined;
  none: boolean;
  reload(): void;
}

export function useOrderNo(): OrderNoState {
  const [params] = useSearchParams();
  const fromQuery = params.get('orderNo')?.trim() || undefined;
  const loggedIn = useSession((s) => Boolean(s.token?.Authorization));
  const latest = useRequest(endpoints.latestOrder, {}, { enabled: loggedIn && !fromQuery });
  if (fromQuery) return { orderNo: fromQuery, loggedIn, loading: false, error: undefined, none: false, reload: latest.reload };
  const orderNo = latest.data?.order?.orderNo;
  return {
    orderNo,
    loggedIn,
    loading: loggedIn && latest.loading,
    error: latest.error,
    none: loggedIn && !latest.loading && !latest.error && latest.data !== undefined && !orderNo,
    reload: latest.reload,
  };
}
