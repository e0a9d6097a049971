/**
 * A remote's own page: mounts only that remote's routes, with the real session, bridge
 * (or simulator) and HTTP client, against the server. QA tests a remote alone with it: the
 * platform's sign-in stands in for the login screen when another remote owns it (guards and
 * "Log in" buttons lead there) and is always at QA_SIGN_IN_PATH; the root opens on the remote's
 * first screen when another remote owns it.
 */
import { Navigate } from 'react-router-dom';
import { bootApp } from '../shell/boot';
import type { RemoteModule } from '../shell/remote-module';
import { composeRoutes, installRoutes } from '../routes/registry';
import { registerResources, startI18n } from '../i18n/setup';
import { SignIn } from './SignIn';
import { qaStrings } from './strings';

/** the standalone page's own sign-in, whoever owns the login screen (outside the route table: no remote's route) */
export const QA_SIGN_IN_PATH = '/qa/sign_in';

export function mountStandalone(mod: RemoteModule, rootElement: HTMLElement): Promise<void> {
  // its own table as built; the spec's for the others (their names still resolve: go('home') from repay)
  installRoutes(composeRoutes({ [mod.remote]: mod.routes }));
  const screens = mod.routes;
  const home = screens[0].path;
  // after signing in with nowhere asked: the first screen, or when that is the login screen (mf-onboarding) its first guarded one
  const signedInHome = (screens[0].name === 'login' ? screens.find((r) => r.guarded) : undefined)?.path ?? home;
  const signIn = <SignIn home={signedInHome} />;
  startI18n();
  registerResources('qa', qaStrings);
  return bootApp(
    {
      loader: async () => mod,
      only: (route) => route.remote === mod.remote,
      standIns: { login: signIn, register: signIn, home: <Navigate to={home} replace /> },
      extraRoutes: [{ path: QA_SIGN_IN_PATH, element: signIn }],
    },
    rootElement,
  );
}
