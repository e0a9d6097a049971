/**
 * The borrower view: search by mobile, CNIC or order number (the API tells which it took the term for), then one
 * borrower: the declared data masked, each order with what it owes now and its posted balances, payments, proofs and
 * complaints. The full mobile or CNIC only through a reveal with a reason (recorded with it); the value is kept in
 * this screen's memory only while it is open, never in the address or storage.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BorrowerHit, BorrowerView, RevealField } from '../../api/types';
import { api } from '../../shell/api';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Field, LoadFailed, Loading, Money, When } from '../../shell/ui';
import { DataTable } from '../../shell/DataTable';
import { channelWord, codeWord, orderStatusWord } from '../../shell/words';
import { DeclaredFacts } from './DeclaredFacts';

/** the API's bounds on the search term and the reveal's reason (docs/operations-api.md "Borrower view") */
const QUERY_MIN = 3;
const REVEAL_REASON_MIN = 10;

function Reveal({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [field, setField] = useState<RevealField>('mobile');
  const [reason, setReason] = useState('');
  const [shownValue, setShownValue] = useState<{ field: RevealField; value: string } | null>(null);
  const act = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await act.run(() => api.post<{ field: RevealField; value: string }>(`/borrowers/${userId}/reveal`, { field, reason }));
    if (r) {
      setShownValue({ field: r.field, value: r.value });
      setReason('');
    }
  };
  return (
    <form className="ops-card" aria-label={t('borrowers.reveal')} onSubmit={(e) => void submit(e)}>
      <h3>{t('borrowers.reveal')}</h3>
      {shownValue ? (
        <div role="status" className="ops-notice">
          <p>
            {t(`declared.${shownValue.field}`)}: <strong dir="ltr">{shownValue.value}</strong>
          </p>
          <p className="ops-muted">{t('borrowers.revealedOnce')}</p>
          <button type="button" onClick={() => setShownValue(null)}>
            {t('borrowers.hide')}
          </button>
        </div>
      ) : (
        <>
          <div className="ops-row-fields">
            <Field label={t('borrowers.revealField')} error={act.error?.field('field')}>
              {(a) => (
                <select {...a} value={field} onChange={(e) => setField(e.target.value as RevealField)}>
                  <option value="mobile">{t('declared.mobile')}</option>
                  <option value="nationalId">{t('declared.nationalId')}</option>
                </select>
              )}
            </Field>
          </div>
          <Field label={t('borrowers.revealReason')} hint={t('borrowers.revealReasonHint', { min: REVEAL_REASON_MIN })} error={act.error?.field('reason')}>
            {(a) => (
              <textarea
                {...a}
                dir="auto"
                rows={2}
                maxLength={500}
                minLength={REVEAL_REASON_MIN}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            )}
          </Field>
          <ApiError error={act.error} shown={['field', 'reason']} />
          <button type="submit" disabled={act.busy}>
            {act.busy ? t('states.working') : t('borrowers.revealSubmit')}
          </button>
        </>
      )}
    </form>
  );
}

function BorrowerDetail({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const view = useLoad(() => api.get<BorrowerView>(`/borrowers/${encodeURIComponent(userId)}`), userId);
  if (view.loading && !view.data) return <Loading />;
  if (view.error && !view.data) return <LoadFailed error={view.error} retry={view.reload} />;
  const { borrower, orders, payments, proofs, complaints } = view.data!;
  return (
    <section className="ops-detail" aria-label={t('borrowers.detail', { name: borrower.name })}>
      <h2>
        <bdi>{borrower.name}</bdi>
      </h2>
      {borrower.dataDeleted && <p className="ops-warning">{t('borrowers.dataDeleted')}</p>}
      <dl className="ops-facts">
        <dt>{t('borrowers.registered')}</dt>
        <dd>
          <When at={borrower.registeredAt} />
        </dd>
        <dt>{t('borrowers.creditLimit')}</dt>
        <dd className="ops-figure">
          <Money amount={borrower.creditLimit} />
        </dd>
        <dt>{t('borrowers.onTime')}</dt>
        <dd>{borrower.onTimeRepayments}</dd>
      </dl>
      <h3>{t('borrowers.declared')}</h3>
      <DeclaredFacts data={borrower} />
      {!borrower.dataDeleted && <Reveal userId={borrower.userId} />}
      <h3>{t('borrowers.orders')}</h3>
      {orders.length ? (
        <DataTable
          caption={t('borrowers.orders')}
          rows={orders}
          rowKey={(o) => o.orderNo}
          columns={[
            {
              key: 'order',
              header: t('borrowers.orderNo'),
              kind: 'code',
              cell: (o) => (
                <>
                  <bdi dir="ltr">{o.orderNo}</bdi>
                  <br />
                  <Link to={`/proposals?orderNo=${encodeURIComponent(o.orderNo)}`}>{t('borrowers.proposals')}</Link>
                </>
              ),
            },
            { key: 'state', header: t('borrowers.state'), cell: (o) => orderStatusWord(t, o.status) },
            {
              key: 'amount',
              header: t('borrowers.amount'),
              kind: 'figure',
              cell: (o) => (
                <>
                  <Money amount={o.amount} />
                  <br />
                  <small className="ops-muted">{t('reviews.tenure', { days: o.tenureDays })}</small>
                </>
              ),
            },
            { key: 'due', header: t('borrowers.due'), kind: 'figure', cell: (o) => <bdi dir="ltr">{o.dueDate ?? '-'}</bdi> },
            { key: 'owed', header: t('borrowers.owedNow'), kind: 'figure', cell: (o) => <Money amount={o.owedNow} /> },
            {
              key: 'owing',
              header: t('borrowers.owing'),
              cell: (o) => (
                <small>
                  {(['principal', 'interest', 'penalty', 'fee'] as const).map((k) => (
                    <span key={k} className="ops-line">
                      {t(`borrowers.parts.${k}`)} <Money amount={o.owing[k]} />{' '}
                    </span>
                  ))}
                  {o.owing.coupon > 0 && (
                    <span className="ops-line">
                      {t('borrowers.parts.coupon')} <Money amount={o.owing.coupon} />
                    </span>
                  )}
                </small>
              ),
            },
            {
              key: 'settled',
              header: t('borrowers.settled'),
              cell: (o) => (
                <small>
                  {t('borrowers.paid')} <Money amount={o.paid} />
                  {o.waived > 0 && (
                    <>
                      {' '}
                      · {t('borrowers.waived')} <Money amount={o.waived} />
                    </>
                  )}
                  {o.writtenOff > 0 && (
                    <>
                      {' '}
                      · {t('borrowers.writtenOff')} <Money amount={o.writtenOff} />
                    </>
                  )}
                  {o.refundOwed + o.refundOutgoing > 0 && (
                    <>
                      {' '}
                      · {t('borrowers.refund')} <Money amount={o.refundOwed + o.refundOutgoing} />
                    </>
                  )}
                </small>
              ),
            },
          ]}
        />
      ) : (
        <p className="ops-muted">{t('states.empty')}</p>
      )}
      <h3>{t('borrowers.payments')}</h3>
      {payments.length ? (
        <ul>
          {payments.map((p) => (
            <li key={p.payOrderId}>
              <When at={p.createdAt} /> · <bdi dir="ltr">{p.orderNo}</bdi> · {codeWord(t, 'borrowers.paymentKinds', p.kind)} · <Money amount={p.amount} /> ·{' '}
              {p.channel ? channelWord(t, p.channel) : '-'} · {codeWord(t, 'status', p.status)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ops-muted">{t('states.empty')}</p>
      )}
      {proofs.length > 0 && (
        <>
          <h3>{t('nav.proofs')}</h3>
          <ul>
            {proofs.map((p) => (
              <li key={p.proofId}>
                <Link to={`/proofs?status=${p.status}&id=${p.proofId}`}>#{p.proofId}</Link> · <bdi dir="ltr">{p.orderNo}</bdi> · <Money amount={p.amount} /> ·{' '}
                {codeWord(t, 'status', p.status)}
              </li>
            ))}
          </ul>
        </>
      )}
      {complaints.length > 0 && (
        <>
          <h3>{t('nav.complaints')}</h3>
          <ul>
            {complaints.map((c) => (
              <li key={c.ticketNo}>
                <Link to={`/complaints?status=${c.status}&ticket=${encodeURIComponent(c.ticketNo)}`}>
                  <bdi dir="ltr">{c.ticketNo}</bdi>
                </Link>{' '}
                · {codeWord(t, 'complaints.categories', c.category)} · {codeWord(t, 'status', c.status)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const found = useLoad(() => api.get<{ by: string; borrowers: BorrowerHit[] }>('/borrowers', { q }), q);
  if (found.loading && !found.data) return <Loading />;
  if (found.error) return <LoadFailed error={found.error} retry={found.reload} />;
  const { by, borrowers } = found.data!;
  return (
    <section aria-label={t('borrowers.results')} className="ops-list">
      <p className="ops-muted">{t('borrowers.searchedBy', { by: t(`borrowers.by.${by}`) })}</p>
      {!borrowers.length && <p className="ops-muted">{t('states.empty')}</p>}
      <ul>
        {borrowers.map((b) => (
          <li key={b.userId}>
            <Link to={`/borrowers?q=${encodeURIComponent(q)}&user=${b.userId}`} className="ops-row">
              <span>
                <bdi>{b.name}</bdi>
              </span>
              <span>
                <bdi dir="ltr">{b.mobile}</bdi>
              </span>
              <span>{b.dataDeleted && <span className="ops-badge">{t('borrowers.deleted')}</span>}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function BorrowersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const user = params.get('user');
  const [typed, setTyped] = useState(q);
  return (
    <main className="ops-main">
      <h1>{t('nav.borrowers')}</h1>
      <form
        className="ops-filters"
        role="search"
        aria-label={t('borrowers.search')}
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ q: typed.trim() });
        }}
      >
        <Field label={t('borrowers.search')} hint={t('borrowers.searchHint')}>
          {(a) => <input {...a} dir="ltr" value={typed} minLength={QUERY_MIN} maxLength={64} onChange={(e) => setTyped(e.target.value)} required />}
        </Field>
        <button type="submit" className="ops-primary">
          {t('borrowers.find')}
        </button>
      </form>
      {q.length >= QUERY_MIN && !user && <SearchResults q={q} />}
      {user && (
        <>
          {q && <Link to={`/borrowers?q=${encodeURIComponent(q)}`}>{t('borrowers.backToResults')}</Link>}
          <BorrowerDetail key={user} userId={user} />
        </>
      )}
    </main>
  );
}
