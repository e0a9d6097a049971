import { endpoints, useRequest } from 'shared';

/** The marketplace index: home status, latest order, products and limits for the current user. */
export function useMarket() {
  return useRequest(endpoints.marketIndex, {});
}
