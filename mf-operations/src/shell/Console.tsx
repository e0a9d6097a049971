/**
 * The console's shell: its route table under a hash router, the guard (a staff session, else sign-in with where
 * to come back and why the last session ended), the frame (who is signed in, the language, the navigation by
 * role) around each screen.
 */
import { Suspense, type ReactNode } from 'react';
import { HashRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSessionState } from '../api/session';
import { mayOpen } from '../access';
import type { ConsoleModule } from '../routes';
import type { OpsRouteName } from '../routeTable';
import { api } from './api';
import { setLang, currentLang } from './i18n';
import { Loading } from './ui';

export const SIGN_IN_PATH = '/sign-in';

function Guard({ name, children }: { name: OpsRouteName; children: ReactNode }) {
  const { session } = useSessionState();
  const location = useLocation();
  const { t } = useTranslation();
  if (!session) return <Navigate to={`${SIGN_IN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!mayOpen(name, session.staff.role))
    return (
      <main className="ops-main">
        <h1>{t('states.notYourRole')}</h1>
      </main>
    );
  return <>{children}</>;
}

function LanguagePicker() {
  const { t } = useTranslation();
  return (
    <label className="ops-lang">
      <span>{t('frame.language')}</span>
      <select value={currentLang()} onChange={(e) => void setLang(e.target.value === 'ur' ? 'ur' : 'en')}>
        <option value="en">English</option>
        <option value="ur">اردو</option>
      </select>
    </label>
  );
}

function Frame({ module, children }: { module: ConsoleModule; children: ReactNode }) {
  const { session } = useSessionState();
  const { t } = useTranslation();
  const signOut = async () => {
    await api.post('/session/end').catch(() => undefined); // ended here whatever the API answers
    sessionStore.end();
  };
  return (
    <div className="ops-app">
      <header className="ops-header">
        <span className="ops-brand">{t('frame.title')}</span>
        <LanguagePicker />
        {session && (
          <>
            <span className="ops-who">
              {session.staff.name} · {t(`roles.${session.staff.role}`)}
            </span>
            <button type="button" onClick={() => void signOut()}>
              {t('frame.signOut')}
            </button>
          </>
        )}
      </header>
      <div className="ops-body">
        {session && (
          <nav aria-label={t('frame.nav')} className="ops-nav">
            <ul>
              {module.table.routes
                .filter((r) => 'nav' in module.screens[r.name] && mayOpen(r.name, session.staff.role))
                .map((r) => (
                  <li key={r.name}>
                    <NavLink to={r.path} end>
                      {t((module.screens[r.name] as { nav: string }).nav)}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        )}
        <Suspense
          fallback={
            <main className="ops-main">
              <Loading />
            </main>
          }
        >
          {children}
        </Suspense>
      </div>
    </div>
  );
}

export function Console({ module }: { module: ConsoleModule }) {
  const { t } = useTranslation();
  return (
    <HashRouter>
      <Routes>
        {module.table.routes.map((r) => {
          const Screen = module.screens[r.name].screen;
          const page = (
            <Frame module={module}>
              <Screen />
            </Frame>
          );
          return <Route key={r.name} path={r.path} element={'guarded' in r && r.guarded ? <Guard name={r.name}>{page}</Guard> : page} />;
        })}
        <Route
          path="*"
          element={
            <Frame module={module}>
              <main className="ops-main">
                <h1>{t('states.notFound')}</h1>
              </main>
            </Frame>
          }
        />
      </Routes>
    </HashRouter>
  );
}
