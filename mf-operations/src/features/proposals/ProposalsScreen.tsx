/**
 * Maker-checker on money: propose a waiver, a refund, a write-off or a payout retry on an order (nothing moves until approved), and,
 * for supervisors, approve or reject another member's proposal. The console never hides a maker's own proposal from them: the API refuses
 * their approval and the refusal is shown.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../api/session';
import { mayDecideMoney } from '../../access';
import { PROPOSAL_KINDS, WAIVER_ACCOUNTS, type Proposal, type ProposalKind, type ProposalStatus, type WaiverAccount } from '../../api/types';
import { api } from '../../shell/api';
import { DataTable } from '../../shell/DataTable';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Field, LoadFailed, Loading, Money, ReasonField, StatusTabs, When } from '../../shell/ui';
import { needsAmount, proposalAsks, proposalBody, type ProposalForm } from './proposalBody';

const STATUSES: readonly ProposalStatus[] = ['pending', 'applied', 'rejected', 'failed'];

function ProposeForm({ orderNo, kind, onProposed }: { orderNo: string; kind: ProposalKind; onProposed: (p: Proposal) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProposalForm>({ kind, orderNo, account: 'penalty', amount: '', reason: '' });
  const [amountError, setAmountError] = useState<string | undefined>();
  const act = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = proposalBody(form);
    setAmountError(body === null ? t('proposals.amountRule') : undefined);
    if (body === null) return;
    const p = await act.run(() => api.post<Proposal>('/proposals', body));
    if (p) {
      setForm((f) => ({ ...f, amount: '', reason: '' }));
      onProposed(p);
    }
  };
  return (
    <form className="ops-card" aria-label={t('proposals.propose')} onSubmit={(e) => void submit(e)}>
      <h2>{t('proposals.propose')}</h2>
      <div className="ops-row-fields">
        <Field label={t('proposals.kind')} hint={t(`proposals.kindHint.${form.kind}`)} error={act.error?.field('kind')}>
          {(a) => (
            <select {...a} value={form.kind} onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value as ProposalKind }))}>
              {PROPOSAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`proposals.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('proposals.orderNo')} error={act.error?.field('orderNo')}>
          {(a) => <input {...a} dir="ltr" value={form.orderNo} onChange={(e) => setForm((f) => ({ ...f, orderNo: e.target.value }))} required />}
        </Field>
        {form.kind === 'waiver' && (
          <Field label={t('proposals.account')} error={act.error?.field('account')}>
            {(a) => (
              <select {...a} value={form.account} onChange={(e) => setForm((f) => ({ ...f, account: e.target.value as WaiverAccount }))}>
                {WAIVER_ACCOUNTS.map((w) => (
                  <option key={w} value={w}>
                    {t(`accounts.${w}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {needsAmount(form.kind) && (
          <Field label={t('proposals.amount')} hint={t('proposals.amountRule')} error={amountError ?? act.error?.field('amount')}>
            {(a) => (
              <input {...a} dir="ltr" inputMode="numeric" value={form.amount} onChange={(e) => setForm((f) => ({ ...f, amount: e.target.value }))} required />
            )}
          </Field>
        )}
      </div>
      <ReasonField
        label={t('proposals.reason')}
        value={form.reason}
        onChange={(reason) => setForm((f) => ({ ...f, reason }))}
        usual={t('proposals.usualReasons', { returnObjects: true }) as string[]}
        error={act.error?.field('reason')}
        required
      />
      {typeof act.error?.data.max === 'number' && (
        <p className="ops-warning">
          {t('proposals.refundMax')} <Money amount={act.error.data.max} />
        </p>
      )}
      <ApiError error={act.error} shown={['kind', 'orderNo', 'account', 'amount', 'reason']} />
      <button type="submit" className="ops-primary" disabled={act.busy}>
        {act.busy ? t('states.working') : t('proposals.submit')}
      </button>
    </form>
  );
}

function Decision({ proposal, onDecided }: { proposal: Proposal; onDecided: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const act = useAction();
  const asks = proposalAsks(proposal);
  const decide = async (approve: boolean) => {
    const r = await act.run(() => api.post<{ proposal: Proposal }>(`/proposals/${proposal.id}/${approve ? 'approve' : 'reject'}`, approve ? {} : { reason }));
    // a refusal stays shown here (a refused money action leaves the proposal failed: its tab lists it with the outcome)
    if (r) onDecided();
  };
  return (
    <div className="ops-decision">
      <p>
        {t(`proposals.would.${proposal.kind}`)} {asks.amount !== null && <Money amount={asks.amount} />} {asks.account && t(`accounts.${asks.account}`)} ·{' '}
        <bdi dir="ltr">{proposal.orderNo}</bdi>
        {proposal.kind === 'payoutRetry' && proposal.failedReference && (
          <>
            {' '}
            · {t('proposals.failedReference')} <bdi dir="ltr">{proposal.failedReference}</bdi>
          </>
        )}
      </p>
      <ReasonField
        label={t('proposals.rejectReason')}
        value={reason}
        onChange={setReason}
        usual={t('proposals.usualRejections', { returnObjects: true }) as string[]}
        error={act.error?.field('reason')}
      />
      <ApiError error={act.error} shown={['reason']} />
      <div className="ops-actions">
        <button type="button" className="ops-primary" disabled={act.busy} onClick={() => void decide(true)}>
          {t('proposals.approve')}
        </button>
        <button type="button" disabled={act.busy} onClick={() => void decide(false)}>
          {t('proposals.reject')}
        </button>
      </div>
    </div>
  );
}

const outcomeText = (o: Record<string, unknown> | null) =>
  o
    ? Object.entries(o)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '';

export default function ProposalsScreen() {
  const { t } = useTranslation();
  const { session } = useSessionState();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ProposalStatus) : 'pending';
  const orderNo = params.get('orderNo') ?? '';
  // the rails screen's "Propose retry" opens the form on that kind
  const kind = (PROPOSAL_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as ProposalKind) : 'waiver';
  const list = useLoad(() => api.get<{ proposals: Proposal[] }>('/proposals', { status, orderNo }), `${status}:${orderNo}`);
  const checker = mayDecideMoney(session!.staff.role);
  const [deciding, setDeciding] = useState<number | null>(null);
  const proposals = list.data?.proposals ?? [];
  return (
    <main className="ops-main">
      <h1>{t('nav.proposals')}</h1>
      <ProposeForm
        key={`${kind}:${orderNo}`}
        orderNo={orderNo}
        kind={kind}
        onProposed={() => (status === 'pending' ? list.reload() : setParams({ status: 'pending', ...(orderNo ? { orderNo } : {}) }))}
      />
      <div className="ops-filters">
        <StatusTabs label={t('queues.filter')} value={status} options={STATUSES} onChange={(s) => setParams({ status: s, ...(orderNo ? { orderNo } : {}) })} />
        {orderNo && (
          <button type="button" onClick={() => setParams({ status })}>
            {t('proposals.allOrders', { orderNo })}
          </button>
        )}
      </div>
      {list.loading && !list.data && <Loading />}
      {list.error && <LoadFailed error={list.error} retry={list.reload} />}
      {list.data && !proposals.length && <p className="ops-muted">{t('states.empty')}</p>}
      {proposals.length > 0 && (
        <DataTable
          caption={t('proposals.list')}
          rows={proposals}
          rowKey={(p) => p.id}
          columns={[
            { key: 'id', header: '#', cell: (p) => p.id, kind: 'figure' },
            { key: 'order', header: t('proposals.orderNo'), cell: (p) => <bdi dir="ltr">{p.orderNo}</bdi>, kind: 'code' },
            {
              key: 'kind',
              header: t('proposals.kind'),
              cell: (p) => {
                const { account } = proposalAsks(p);
                return `${t(`proposals.kinds.${p.kind}`)}${account ? ` · ${t(`accounts.${account}`)}` : ''}`;
              },
            },
            {
              key: 'amount',
              header: t('proposals.amount'),
              cell: (p) => {
                const { amount } = proposalAsks(p);
                return amount === null ? '-' : <Money amount={amount} />;
              },
              kind: 'figure',
            },
            { key: 'reason', header: t('proposals.reason'), cell: (p) => <bdi>{p.reason}</bdi> },
            {
              key: 'maker',
              header: t('proposals.maker'),
              cell: (p) => (
                <>
                  <bdi className="ops-wrap">{p.maker}</bdi>
                  <br />
                  <When at={p.createdAt} />
                </>
              ),
            },
            {
              key: 'status',
              header: t('proposals.status'),
              cell: (p) => (
                <>
                  {t(`status.${p.status}`)}
                  {p.outcome && (
                    <small className="ops-muted ops-wrap">
                      <br />
                      <bdi>{outcomeText(p.outcome)}</bdi>
                    </small>
                  )}
                </>
              ),
            },
            {
              key: 'checker',
              header: t('proposals.checker'),
              cell: (p) =>
                p.checker ? (
                  <>
                    <bdi className="ops-wrap">{p.checker}</bdi>
                    <br />
                    <When at={p.decidedAt} />
                  </>
                ) : checker && p.status === 'pending' ? (
                  <button
                    type="button"
                    aria-expanded={deciding === p.id}
                    onClick={() => setDeciding(deciding === p.id ? null : p.id)}
                    aria-label={t('proposals.decideOne', { id: p.id })}
                  >
                    {t('proposals.decide')}
                  </button>
                ) : (
                  '-'
                ),
            },
          ]}
          below={(p) =>
            deciding === p.id && (
              <Decision
                proposal={p}
                onDecided={() => {
                  setDeciding(null);
                  list.reload();
                }}
              />
            )
          }
        />
      )}
    </main>
  );
}
