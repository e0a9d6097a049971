/**
 * The borrower's agreement to the device permissions, kept on the server (so another phone or
 * browser knows it): asked before the camera, the contact picker and data collection are used.
 * A borrower without it is sent to the permissions screen, which brings them back after.
 */
import { call, endpoints, go, isRouteName, useSession, type Consent, type RouteName } from 'shared';

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

/**
 * Sends the borrower to the permissions screen; after agreeing they come back to `returnTo` (a
 * route name). `resume`: the step's Next was what asked, so the step goes on by itself on return
 * (its draft is kept): Next is not pressed twice.
 */
export function askConsent(returnTo: RouteName, opts: { resume?: boolean } = {}): void {
  go('devicePermissions', { next: returnTo, ...(opts.resume ? { resume: '1' } : {}) }, { replace: true });
}

/** where the permissions screen sends the borrower after agreeing: the screen that asked, told to go on when it was its Next */
export function afterConsent(params: URLSearchParams): { route: RouteName; query?: Record<string, string> } {
  const next = params.get('next');
  const route = next && isRouteName(next) ? next : 'home';
  return params.get('resume') === '1' ? { route, query: { [RESUME_PARAM]: route } } : { route };
}
/** the query parameter that tells a step screen to submit its kept form once, on arrival */
export const RESUME_PARAM = 'resume';

/** true when the borrower has agreed; otherwise sends them to agree first and answers false */
export async function consentFirst(returnTo: RouteName, deps: ConsentDeps = liveConsentDeps): Promise<boolean> {
  if (await hasConsent(deps)) return true;
  askConsent(returnTo);
  return false;
}

/** the permissions the market requires that are not ticked */
export function missingRequired(required: string[], checked: Record<string, boolean>): string[] {
  return required.filter((k) => !checked[k]);
}
