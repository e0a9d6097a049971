/**
 * Collections: the overdue loans, the earliest due date first, each with days overdue, what it owes now, the last
 * contact and the latest promise to pay (flagged once broken), beside the chosen loan: its contact history and a form
 * to record a contact. The market profile's recovery rules are the API's: a contact outside the contact hours, or of
 * an emergency contact where that is forbidden, is refused and the refusal shown, with the form left as typed.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, CONTACT_PARTIES, type Contact, type OverdueLoan } from '../../api/types';
import { api } from '../../shell/api';
import { ClaimBadge, ClaimBar } from '../../shell/claims';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Field, LoadFailed, Loading, Money, When } from '../../shell/ui';
import { contactBody, NOTE_MAX, type ContactForm, type ContactProblems } from './contactForm';

const EMPTY: ContactForm = { channel: 'call', party: 'borrower', outcome: 'reached', note: '', promiseDate: '', promiseAmount: '' };

function ContactLine({ c }: { c: Contact }) {
  const { t } = useTranslation();
  return (
    <>
      <When at={c.at} /> · <bdi>{c.by ?? '-'}</bdi> · {t(`collections.channels.${c.channel}`)} · {t(`collections.parties.${c.party}`)} ·{' '}
      <strong>{t(`collections.outcomes.${c.outcome}`)}</strong>
      {c.promiseDate && (
        <>
          {' '}
          · {t('collections.promisedFor')} <bdi dir="ltr">{c.promiseDate}</bdi>
          {c.promiseAmount !== null && (
            <>
              {' '}
              <Money amount={c.promiseAmount} />
            </>
          )}
        </>
      )}
      {c.note && (
        <>
          <br />
          <bdi className="ops-muted">{c.note}</bdi>
        </>
      )}
    </>
  );
}

function RecordContact({ orderNo, onRecorded }: { orderNo: string; onRecorded: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<ContactProblems>({});
  const act = useAction();
  const set = <K extends keyof ContactForm>(k: K, v: ContactForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problem = (k: keyof ContactProblems) => (problems[k] ? t(`collections.problems.${problems[k]}`, { max: NOTE_MAX }) : act.error?.field(k));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = contactBody(form);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems({});
    const r = await act.run(() => api.post<{ contact: Contact }>(`/collections/${encodeURIComponent(orderNo)}/contacts`, checked.body));
    if (r) {
      setForm(EMPTY);
      onRecorded();
    }
  };
  const promise = form.outcome === 'promiseToPay';
  return (
    <form className="ops-card" aria-label={t('collections.record')} onSubmit={(e) => void submit(e)}>
      <h3>{t('collections.record')}</h3>
      <div className="ops-row-fields">
        <Field label={t('collections.channel')} error={act.error?.field('channel')}>
          {(a) => (
            <select {...a} value={form.channel} onChange={(e) => set('channel', e.target.value as ContactForm['channel'])}>
              {CONTACT_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`collections.channels.${c}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('collections.party')} error={act.error?.field('party')}>
          {(a) => (
            <select {...a} value={form.party} onChange={(e) => set('party', e.target.value as ContactForm['party'])}>
              {CONTACT_PARTIES.map((p) => (
                <option key={p} value={p}>
                  {t(`collections.parties.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('collections.outcome')} error={act.error?.field('outcome')}>
          {(a) => (
            <select {...a} value={form.outcome} onChange={(e) => set('outcome', e.target.value as ContactForm['outcome'])}>
              {CONTACT_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`collections.outcomes.${o}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {promise && (
        <div className="ops-row-fields">
          <Field label={t('collections.promiseDate')} hint={t('collections.promiseDateHint')} error={problem('promiseDate')}>
            {(a) => <input {...a} type="date" dir="ltr" value={form.promiseDate} onChange={(e) => set('promiseDate', e.target.value)} required />}
          </Field>
          <Field label={t('collections.promiseAmount')} hint={t('proposals.amountRule')} error={problem('promiseAmount')}>
            {(a) => <input {...a} dir="ltr" inputMode="numeric" value={form.promiseAmount} onChange={(e) => set('promiseAmount', e.target.value)} />}
          </Field>
        </div>
      )}
      <Field label={t('collections.note')} error={problem('note')}>
        {(a) => <textarea {...a} dir="auto" rows={2} maxLength={NOTE_MAX} value={form.note} onChange={(e) => set('note', e.target.value)} />}
      </Field>
      <ApiError error={act.error} shown={['channel', 'party', 'outcome', 'note', 'promiseDate', 'promiseAmount']} />
      <button type="submit" className="ops-primary" disabled={act.busy}>
        {act.busy ? t('states.working') : t('collections.save')}
      </button>
    </form>
  );
}

function LoanDetail({ loan, onRecorded }: { loan: OverdueLoan; onRecorded: () => void }) {
  const { t } = useTranslation();
  const contacts = useLoad(() => api.get<{ contacts: Contact[] }>(`/collections/${encodeURIComponent(loan.orderNo)}/contacts`), loan.orderNo);
  return (
    <section className="ops-detail" aria-label={t('collections.detail', { orderNo: loan.orderNo })}>
      <h2>{t('collections.detail', { orderNo: loan.orderNo })}</h2>
      <ClaimBar path={`/collections/${encodeURIComponent(loan.orderNo)}`} listed={loan.claim} onChange={onRecorded} />
      <dl className="ops-facts">
        <dt>{t('collections.borrower')}</dt>
        <dd>
          <Link to={`/borrowers?user=${loan.userId}`}>
            <bdi>{loan.borrowerName}</bdi>
          </Link>{' '}
          · <bdi dir="ltr">{loan.borrowerMobile}</bdi>
        </dd>
        <dt>{t('collections.due')}</dt>
        <dd>
          <bdi dir="ltr">{loan.dueDate}</bdi> · {t('collections.daysOverdue', { count: loan.daysOverdue })}
        </dd>
        <dt>{t('collections.owedNow')}</dt>
        <dd className="ops-figure">
          <Money amount={loan.owedNow} />
        </dd>
        {loan.promise && (
          <>
            <dt>{t('collections.promise')}</dt>
            <dd>
              <bdi dir="ltr">{loan.promise.date}</bdi> {loan.promise.amount !== null && <Money amount={loan.promise.amount} />}{' '}
              {loan.promise.broken && <span className="ops-badge ops-badge-late">{t('collections.broken')}</span>}
            </dd>
          </>
        )}
      </dl>
      <RecordContact
        orderNo={loan.orderNo}
        onRecorded={() => {
          contacts.reload();
          onRecorded();
        }}
      />
      <h3>{t('collections.history')}</h3>
      {contacts.loading && !contacts.data && <Loading />}
      {contacts.error && <LoadFailed error={contacts.error} retry={contacts.reload} />}
      {contacts.data && !contacts.data.contacts.length && <p className="ops-muted">{t('collections.noContacts')}</p>}
      <ol className="ops-history">
        {contacts.data?.contacts.map((c) => (
          <li key={c.id}>
            <ContactLine c={c} />
          </li>
        ))}
      </ol>
      <p>
        <Link to={`/proposals?orderNo=${encodeURIComponent(loan.orderNo)}`}>{t('collections.proposeWriteOff')}</Link>
      </p>
    </section>
  );
}

export default function CollectionsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const list = useLoad(() => api.get<{ loans: OverdueLoan[] }>('/collections'), 'collections');
  const loans = list.data?.loans ?? [];
  const chosen = loans.find((l) => l.orderNo === params.get('order'));
  return (
    <main className="ops-main ops-queue">
      <h1>{t('nav.collections')}</h1>
      <div className="ops-master-detail">
        <section aria-label={t('collections.list')} className="ops-list">
          {list.loading && !list.data && <Loading />}
          {list.error && <LoadFailed error={list.error} retry={list.reload} />}
          {list.data && !loans.length && <p className="ops-muted">{t('states.empty')}</p>}
          <ul>
            {loans.map((l) => (
              <li key={l.orderNo}>
                <Link to={`/collections?order=${encodeURIComponent(l.orderNo)}`} aria-current={l === chosen ? 'true' : undefined} className="ops-row">
                  <span>
                    <bdi dir="ltr">{l.orderNo}</bdi> · <bdi>{l.borrowerName}</bdi>
                  </span>
                  <span className="ops-figure">
                    <Money amount={l.owedNow} />
                  </span>
                  <span>
                    <span className="ops-badge ops-badge-soon">{t('collections.daysOverdue', { count: l.daysOverdue })}</span>
                    {l.promise?.broken && <span className="ops-badge ops-badge-late">{t('collections.broken')}</span>}
                    {l.promise && !l.promise.broken && <span className="ops-badge">{t('collections.promised')}</span>}
                    <small className="ops-muted"> {l.lastContact ? t(`collections.outcomes.${l.lastContact.outcome}`) : t('collections.noContacts')}</small>
                    <ClaimBadge claim={l.claim} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {chosen ? <LoanDetail key={chosen.orderNo} loan={chosen} onRecorded={list.reload} /> : <p className="ops-detail ops-muted">{t('states.choose')}</p>}
      </div>
      {chosen === undefined && params.get('order') && list.data && <p className="ops-muted">{t('collections.notOverdueAnyMore')}</p>}
    </main>
  );
}
