/** The member's own password: the current one, the new one twice. The API ends their other sessions. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shell/api';
import { useAction } from '../../shell/hooks';
import { ApiError, Field } from '../../shell/ui';

export default function PasswordScreen() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();
  const mismatch = form.repeat !== '' && form.repeat !== form.newPassword;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    setDone(false);
    const ok = await run(() => api.post('/me/password', { currentPassword: form.currentPassword, newPassword: form.newPassword }));
    if (ok) {
      setForm({ currentPassword: '', newPassword: '', repeat: '' });
      setDone(true);
    }
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <main className="ops-main ops-narrow">
      <h1>{t('password.title')}</h1>
      {done && (
        <p role="status" className="ops-notice">
          {t('password.done')}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} aria-label={t('password.title')}>
        <Field label={t('password.current')} error={error?.field('currentPassword')}>
          {(a) => <input {...a} type="password" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} required />}
        </Field>
        <Field label={t('password.new')} hint={t('password.rule')} error={error?.field('newPassword')}>
          {(a) => <input {...a} type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} required />}
        </Field>
        <Field label={t('password.repeat')} error={mismatch ? t('password.mismatch') : undefined}>
          {(a) => <input {...a} type="password" autoComplete="new-password" value={form.repeat} onChange={set('repeat')} required />}
        </Field>
        <ApiError error={error} shown={['currentPassword', 'newPassword']} />
        <button type="submit" className="ops-primary" disabled={busy || mismatch}>
          {busy ? t('states.working') : t('password.submit')}
        </button>
      </form>
    </main>
  );
}
