/** Staff sign-in: username, password and the authenticator's 6-digit code together; the API's refusal as it says it. */
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSessionState } from '../../api/session';
import type { SignInAnswer } from '../../api/types';
import { api } from '../../shell/api';
import { useAction } from '../../shell/hooks';
import { ApiError, Field } from '../../shell/ui';

/** where to go once signed in: a path of the console only (never another origin) */
export const safeRedirect = (r: string | null) => (r && r.startsWith('/') && !r.startsWith('//') ? r : '/');

export default function SignInScreen() {
  const { t } = useTranslation();
  const { session, ended } = useSessionState();
  const [params] = useSearchParams();
  const [form, setForm] = useState({ username: '', password: '', totp: '' });
  const { busy, error, run } = useAction();
  if (session) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const a = await run(() => api.post<SignInAnswer>('/session', form));
    if (a) sessionStore.signedIn(a);
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <main className="ops-main ops-narrow">
      <h1>{t('signIn.title')}</h1>
      {ended && !error && (
        <p role="status" className="ops-notice">
          {ended}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} aria-label={t('signIn.title')}>
        <Field label={t('signIn.username')} error={error?.field('username')}>
          {(a) => <input {...a} autoComplete="username" autoCapitalize="none" spellCheck={false} value={form.username} onChange={set('username')} required />}
        </Field>
        <Field label={t('signIn.password')} error={error?.field('password')}>
          {(a) => <input {...a} type="password" autoComplete="current-password" value={form.password} onChange={set('password')} required />}
        </Field>
        <Field label={t('signIn.code')} hint={t('signIn.codeHint')} error={error?.field('totp')}>
          {(a) => (
            <input
              {...a}
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              autoComplete="one-time-code"
              enterKeyHint="go"
              value={form.totp}
              onChange={set('totp')}
            />
          )}
        </Field>
        <ApiError error={error} shown={['username', 'password', 'totp']} />
        <button type="submit" className="ops-primary" disabled={busy}>
          {busy ? t('states.working') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
