/** app: rejection recommendation, download address. */
import { z } from 'zod';
import { isoDateTime, Product } from './common';

export const RejectRecommendationRequest = z.object({});
export const RejectRecommendationResponse = z.object({
  /** the latest order was rejected and other products can be recommended */
  recommend: z.boolean(),
  reapplyAt: isoDateTime.nullable(),
  products: z.array(Product),
});
export const AppDownloadAddressRequest = z.object({});
export const AppDownloadAddressResponse = z.object({
  android: z.string(),
  ios: z.string().nullable(),
  version: z.string(),
  forceUpdate: z.boolean(),
});
