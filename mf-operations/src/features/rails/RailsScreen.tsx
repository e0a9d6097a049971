/**
 * The money rails' troubles: transfers (payouts and collections) by state, failed and unknown by default, and what
 * the reconciliation found against the settlement files, each exception with its evidence as recorded. A failed
 * payout whose order still waits (PayFail) offers a makers' "Propose retry": a `payoutRetry` proposal a supervisor approves.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { mayProposeMoney } from '../../access';
import { useSessionState } from '../../api/session';
import { TRANSFER_STATES, type RailException, type RailTransfer, type TransferState } from '../../api/types';
import { api } from '../../shell/api';
import { DataTable } from '../../shell/DataTable';
import { useLoad } from '../../shell/hooks';
import { codeWord } from '../../shell/words';
import { followUp } from './followUp';
import { LoadFailed, Loading, Money, StatusTabs, When } from '../../shell/ui';

/** the API's default list when no state is asked: failed and unknown */
type Shown = TransferState | 'troubled';
const TABS: readonly Shown[] = ['troubled', ...TRANSFER_STATES];

function FollowUp({ kind, orderNo }: { kind: 'payoutRetry' | 'refund'; orderNo: string }) {
  const { t } = useTranslation();
  return (
    <>
      <br />
      <Link to={`/proposals?kind=${kind}&orderNo=${encodeURIComponent(orderNo)}`} aria-label={t(`rails.propose.${kind}Of`, { orderNo })}>
        {t(`rails.propose.${kind}`)}
      </Link>
    </>
  );
}

function Transfers({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  const maker = mayProposeMoney(useSessionState().session!.staff.role);
  const list = useLoad(() => api.get<{ transfers: RailTransfer[] }>('/rails/transfers', { state: shown === 'troubled' ? undefined : shown }), shown);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <LoadFailed error={list.error} retry={list.reload} />;
  const transfers = list.data!.transfers;
  if (!transfers.length) return <p className="ops-muted">{t('states.empty')}</p>;
  return (
    <DataTable
      caption={t('rails.transfers')}
      rows={transfers}
      rowKey={(x) => x.reference}
      columns={[
        {
          key: 'reference',
          header: t('rails.reference'),
          kind: 'code',
          cell: (x) => (
            <>
              <bdi dir="ltr">{x.reference}</bdi>
              {x.providerRef && (
                <small className="ops-muted">
                  <br />
                  <bdi dir="ltr">{x.providerRef}</bdi>
                </small>
              )}
            </>
          ),
        },
        { key: 'kind', header: t('rails.kind'), cell: (x) => codeWord(t, 'rails.kinds', x.kind) },
        {
          key: 'order',
          header: t('rails.orderNo'),
          kind: 'code',
          cell: (x) => (
            <>
              <bdi dir="ltr">{x.orderNo ?? '-'}</bdi>
              {maker && followUp(x) && <FollowUp {...followUp(x)!} />}
            </>
          ),
        },
        { key: 'amount', header: t('rails.amount'), kind: 'figure', cell: (x) => <Money amount={x.amount} /> },
        { key: 'account', header: t('rails.account'), kind: 'code', cell: (x) => <bdi dir="ltr">{x.account}</bdi> },
        {
          key: 'state',
          header: t('rails.state'),
          cell: (x) => (
            <>
              <span className={x.state === 'failed' || x.state === 'unknown' ? 'ops-badge ops-badge-late' : 'ops-badge'}>{t(`status.${x.state}`)}</span>
              {x.reason && (
                <small>
                  <br />
                  <bdi className="ops-wrap">{x.reason}</bdi>
                </small>
              )}
              {x.inquiries > 0 && (
                <small className="ops-muted">
                  <br />
                  {t('rails.inquiries', { count: x.inquiries })}
                </small>
              )}
            </>
          ),
        },
        { key: 'updated', header: t('rails.updated'), cell: (x) => <When at={x.updatedAt} /> },
      ]}
    />
  );
}

function Exceptions() {
  const { t } = useTranslation();
  const list = useLoad(() => api.get<{ exceptions: RailException[] }>('/rails/exceptions'), 'exceptions');
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <LoadFailed error={list.error} retry={list.reload} />;
  const exceptions = list.data!.exceptions;
  if (!exceptions.length) return <p className="ops-muted">{t('states.empty')}</p>;
  return (
    <ul className="ops-history">
      {exceptions.map((x) => (
        <li key={x.id}>
          <strong>{t(`rails.exceptionKinds.${x.kind}`)}</strong> · <When at={x.createdAt} />
          {x.reference && (
            <>
              {' '}
              · <bdi dir="ltr">{x.reference}</bdi>
            </>
          )}
          {x.file && (
            <>
              {' '}
              · <bdi dir="ltr">{x.file}</bdi>
            </>
          )}
          <details>
            <summary>{t('rails.evidence')}</summary>
            <pre dir="ltr" className="ops-evidence">
              {JSON.stringify(x.evidence, null, 2)}
            </pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

export default function RailsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shown = (TABS as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as Shown) : 'troubled';
  return (
    <main className="ops-main">
      <h1>{t('nav.rails')}</h1>
      <section aria-label={t('rails.transfers')}>
        <h2>{t('rails.transfers')}</h2>
        <StatusTabs label={t('queues.filter')} value={shown} options={TABS} onChange={(s) => setParams({ state: s })} />
        <Transfers shown={shown} />
      </section>
      <section aria-label={t('rails.exceptions')}>
        <h2>{t('rails.exceptions')}</h2>
        <p className="ops-muted">{t('rails.exceptionsHint')}</p>
        <Exceptions />
      </section>
    </main>
  );
}
