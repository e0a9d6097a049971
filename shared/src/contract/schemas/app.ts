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

/**
 * What a phone reports of a remote's release (host/src/remotes/report.ts): its current release failed to load and the
 * host used its last good one (remoteFallback) or none loaded (remoteFailed); a screen of it crashed once loaded
 * (remoteCrash: its boundary, or an uncaught error from its files); it started on this phone, once (remoteStarted).
 * `device`: the phone's random id (a signed-out borrower's reports are counted by it).
 */
export const ClientEventRequest = z.object({
  event: z.enum(['remoteFallback', 'remoteFailed', 'remoteCrash', 'remoteStarted']),
  remote: z.string().regex(/^mf_[a-z]+$/),
  version: z.string().max(80),
  fallbackVersion: z.string().max(80).optional(),
  reason: z.string().max(300).optional(),
  device: z
    .string()
    .regex(/^[0-9a-f-]{16,64}$/i)
    .optional(),
});
export const ClientEventResponse = Ack;
