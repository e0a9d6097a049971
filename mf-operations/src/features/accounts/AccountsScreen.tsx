/**
 * Staff accounts (admin): every member with their role, lock and state; unlock or disable one; create one, whose
 * random password and authenticator secret the API answers this once, shown until the admin has handed them over.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type NewAccount, type StaffAccount, type StaffRole } from '../../api/types';
import { api } from '../../shell/api';
import { DataTable } from '../../shell/DataTable';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Field, LoadFailed, Loading, When } from '../../shell/ui';

function NewAccountForm({ onCreated }: { onCreated: (a: NewAccount) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ username: '', name: '', role: 'agent' as StaffRole });
  const act = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const a = await act.run(() => api.post<NewAccount>('/accounts', form));
    if (a) {
      setForm({ username: '', name: '', role: form.role });
      onCreated(a);
    }
  };
  return (
    <form className="ops-card" aria-label={t('staff.create')} onSubmit={(e) => void submit(e)}>
      <h2>{t('staff.create')}</h2>
      <div className="ops-row-fields">
        <Field label={t('staff.username')} hint={t('staff.usernameRule')} error={act.error?.field('username')}>
          {(a) => (
            <input
              {...a}
              dir="ltr"
              autoCapitalize="none"
              spellCheck={false}
              value={form.username}
              onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))}
              required
            />
          )}
        </Field>
        <Field label={t('staff.name')} error={act.error?.field('name')}>
          {(a) => <input {...a} value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} required />}
        </Field>
        <Field label={t('staff.role')} error={act.error?.field('role')}>
          {(a) => (
            <select {...a} value={form.role} onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as StaffRole }))}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ApiError error={act.error} shown={['username', 'name', 'role']} />
      <button type="submit" className="ops-primary" disabled={act.busy}>
        {act.busy ? t('states.working') : t('staff.submit')}
      </button>
    </form>
  );
}

/** the new member's secrets, once: to hand over, never shown again */
function Credentials({ account, onDone }: { account: NewAccount; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="ops-card ops-secret" aria-label={t('staff.credentials', { username: account.staff.username })} role="region">
      <h2>{t('staff.credentials', { username: account.staff.username })}</h2>
      <p>{t('staff.credentialsOnce')}</p>
      <dl className="ops-facts">
        <dt>{t('staff.password')}</dt>
        <dd>
          <code dir="ltr">{account.password}</code>
        </dd>
        <dt>{t('staff.totpSecret')}</dt>
        <dd>
          <code dir="ltr">{account.totpSecret}</code>
        </dd>
        <dt>{t('staff.totpUrl')}</dt>
        <dd>
          <code dir="ltr" className="ops-wrap">
            {account.totpUrl}
          </code>
        </dd>
      </dl>
      <button type="button" onClick={onDone}>
        {t('staff.handedOver')}
      </button>
    </section>
  );
}

export default function AccountsScreen() {
  const { t } = useTranslation();
  const list = useLoad(() => api.get<{ staff: StaffAccount[] }>('/accounts'), 'accounts');
  const [created, setCreated] = useState<NewAccount | null>(null);
  const act = useAction();
  const change = async (s: StaffAccount, what: 'unlock' | 'disable') => {
    if (what === 'disable' && !window.confirm(t('staff.confirmDisable', { username: s.username }))) return;
    if (await act.run(() => api.post<StaffAccount>(`/accounts/${s.id}/${what}`))) list.reload();
  };
  const staff = list.data?.staff ?? [];
  return (
    <main className="ops-main">
      <h1>{t('nav.accounts')}</h1>
      {created ? (
        <Credentials account={created} onDone={() => setCreated(null)} />
      ) : (
        <NewAccountForm
          onCreated={(a) => {
            setCreated(a);
            list.reload();
          }}
        />
      )}
      <ApiError error={act.error} />
      {list.loading && !list.data && <Loading />}
      {list.error && <LoadFailed error={list.error} retry={list.reload} />}
      {staff.length > 0 && (
        <DataTable
          caption={t('staff.list')}
          rows={staff}
          rowKey={(s) => s.id}
          columns={[
            { key: 'username', header: t('staff.username'), kind: 'code', cell: (s) => <bdi dir="ltr">{s.username}</bdi> },
            { key: 'name', header: t('staff.name'), cell: (s) => <bdi>{s.name}</bdi> },
            { key: 'role', header: t('staff.role'), cell: (s) => t(`roles.${s.role}`) },
            { key: 'created', header: t('staff.created'), cell: (s) => <When at={s.createdAt} /> },
            {
              key: 'state',
              header: t('staff.state'),
              cell: (s) =>
                s.disabled ? (
                  t('staff.disabled')
                ) : s.lockedUntil ? (
                  <>
                    {t('staff.lockedUntil')} <When at={s.lockedUntil} />
                  </>
                ) : (
                  t('staff.active')
                ),
            },
            {
              key: 'actions',
              header: t('staff.actions'),
              cell: (s) => (
                <div className="ops-actions">
                  {s.lockedUntil && !s.disabled && (
                    <button
                      type="button"
                      disabled={act.busy}
                      onClick={() => void change(s, 'unlock')}
                      aria-label={t('staff.unlockOne', { username: s.username })}
                    >
                      {t('staff.unlock')}
                    </button>
                  )}
                  {!s.disabled && (
                    <button
                      type="button"
                      disabled={act.busy}
                      onClick={() => void change(s, 'disable')}
                      aria-label={t('staff.disableOne', { username: s.username })}
                    >
                      {t('staff.disable')}
                    </button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
