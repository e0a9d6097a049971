import { endpoints, useRequest, useSearchParams } from 'shared';

/**
 * The order a borrow screen is about: `?orderNo=` when given, else the borrower's latest
 * order. `orderNo` is null while the latest order is loading or when there is none.
 */
export function useOrderNo() {
  const [params] = useSearchParams();
  const given = params.get('orderNo');
  const latest = useRequest(endpoints.latestOrder, {}, { enabled: !given });
  return {
    orderNo: given ?? latest.data?.order?.orderNo ?? null,
    loading: !given && latest.loading,
    error: given ? undefined : latest.error,
    none: !given && !!latest.data && !latest.data.order,
    reload: latest.reload,
  };
}
