/** added: the borrower's agreement to the device permissions (spec section 2), kept on the server with its version and time. */
import { z } from 'zod';
import { DEVICE_PERMISSIONS } from '../options';

/** one agreement as stored: the version of the permissions text agreed to, when, and the permissions ticked */
export const Consent = z.object({
  version: z.string(),
  agreedAt: z.string(),
  permissions: z.array(z.enum(DEVICE_PERMISSIONS)),
});
export type Consent = z.infer<typeof Consent>;

export const ConsentRequest = z.object({});
export const ConsentResponse = z.object({
  /** the version of the agreement the market asks for now */
  version: z.string(),
  /** the borrower's agreement to that version; null when they have not agreed to it (or only to an older one) */
  consent: Consent.nullable(),
});

export const SaveConsentRequest = z.object({
  version: z.string().min(1).max(40),
  /** the permissions the borrower ticked; every required one of the market must be among them */
  permissions: z.array(z.enum(DEVICE_PERMISSIONS)).max(DEVICE_PERMISSIONS.length),
});
export const SaveConsentResponse = ConsentResponse;
