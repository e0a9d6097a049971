/**
 * The borrower's agreement to the device permissions, kept on the server (so another phone or
 * browser knows it): asked before the camera, the contact picker and data collection are used.
 * A borrower without it is sent to the permissions screen, which brings them back after.
 */
import { call, endpoints, go, useSession, type Consent } from 'shared';

export interface ConsentDeps {
  userId(): unknown;
  read(): Promise<{ version: string; consent: Consent | null }>;
}

export const liveConsentDeps: ConsentDeps = {
  userId: () => useSession.getState().userInfo?.userId ?? null,
  read: () => call(endpoints.consent, {}, { overlay: false }),
};

// who has agreed in this tab: asked of the server once, then remembered (the server refuses anyway)
let agreedBy: { userId: unknown } | null = null;

export function rememberConsent(userId: unknown): void {
  agreedBy = { userId };
}

export async function hasConsent(deps: ConsentDeps = liveConsentDeps): Promise<boolean> {
  const userId = deps.userId();
  if (agreedBy && agreedBy.userId === userId) return true;
  const { consent } = await deps.read();
  if (consent) rememberConsent(userId);
  return consent !== null;
}

/** sends the borrower to the permissions screen; after agreeing they come back to `returnTo` (a route name) */
export function askConsent(returnTo: string): void {
  go('devicePermissions', { next: returnTo }, { replace: true });
}

/** true when the borrower has agreed; otherwise sends them to agree first and answers false */
export async function consentFirst(returnTo: string, deps: ConsentDeps = liveConsentDeps): Promise<boolean> {
  if (await hasConsent(deps)) return true;
  askConsent(returnTo);
  return false;
}

/** the permissions the market requires that are not ticked */
export function missingRequired(required: string[], checked: Record<string, boolean>): string[] {
  return required.filter((k) => !checked[k]);
}
