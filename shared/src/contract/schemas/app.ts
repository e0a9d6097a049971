/** app: rejection recommendation, download address, client events. */
import { z } from 'zod';
import { Ack, isoDateTime, Product } from './common';

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

/** A remote's current release failed to load on a phone and the host used its last good one (or none loaded). */
export const ClientEventRequest = z.object({
  event: z.enum(['remoteFallback', 'remoteFailed']),
  remote: z.string().regex(/^mf_[a-z]+$/),
  version: z.string().max(80),
  fallbackVersion: z.string().max(80).optional(),
  reason: z.string().max(300),
});
export const ClientEventResponse = Ack;
