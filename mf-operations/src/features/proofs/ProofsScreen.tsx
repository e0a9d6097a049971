/**
 * Proofs of repayment: the queue (oldest first, each with its 48 h clock and the duplicate flag) beside the chosen
 * proof: its photo, amount and reference beside what the order owes, what accepting would change, and accept or
 * reject with a reason. The reason typed stays on a refusal.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Proof, ProofDecision, ProofStatus } from '../../api/types';
import { api } from '../../shell/api';
import { ClaimBadge, ClaimBar } from '../../shell/claims';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Clock, LoadFailed, Loading, Money, ReasonField, StatusTabs, When } from '../../shell/ui';
import { channelWord } from '../../shell/words';
import { acceptEffect } from './proofMoney';

const STATUSES: readonly ProofStatus[] = ['pending', 'accepted', 'rejected'];

function ProofPhoto({ proofId }: { proofId: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    setUrl(null);
    setFailed(null);
    api.blob(`/proofs/${proofId}/image`).then(
      (b) => {
        made = URL.createObjectURL(b);
        if (live) setUrl(made);
        else URL.revokeObjectURL(made);
      },
      (e: Error) => live && setFailed(e.message),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [proofId]);
  if (failed) return <p role="alert">{failed}</p>;
  if (!url) return <Loading />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="ops-photo">
      <img src={url} alt={t('proofs.photo', { id: proofId })} />
    </a>
  );
}

function ProofDetail({ proof, onDecided, onClaim }: { proof: Proof; onDecided: (now: ProofStatus) => void; onClaim: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<ProofDecision | null>(null);
  const { busy, error, run } = useAction();
  const effect = acceptEffect(proof);
  const decide = async (accept: boolean) => {
    const body = accept ? (reason.trim() ? { reason } : {}) : { reason };
    const r = await run(() => api.post<ProofDecision>(`/proofs/${proof.proofId}/${accept ? 'accept' : 'reject'}`, body));
    if (r) {
      setResult(r);
      setReason('');
      onDecided(accept ? 'accepted' : 'rejected');
    }
  };
  const usual = t('proofs.usualReasons', { returnObjects: true }) as string[];
  return (
    <section className="ops-detail" aria-label={t('proofs.detail', { id: proof.proofId })}>
      <h2>{t('proofs.detail', { id: proof.proofId })}</h2>
      {proof.status === 'pending' && <ClaimBar path={`/proofs/${proof.proofId}`} listed={proof.claim} onChange={onClaim} />}
      <div className="ops-split">
        <ProofPhoto proofId={proof.proofId} />
        <dl className="ops-facts">
          <dt>{t('proofs.order')}</dt>
          <dd>
            <bdi dir="ltr">{proof.orderNo}</bdi>
          </dd>
          <dt>{t('proofs.borrower')}</dt>
          <dd>
            <bdi dir="ltr">{proof.borrowerMobile}</bdi>
          </dd>
          <dt>{t('proofs.amount')}</dt>
          <dd className="ops-figure">
            <Money amount={proof.amount} />
          </dd>
          <dt>{t('proofs.owedNow')}</dt>
          <dd className="ops-figure">
            <Money amount={proof.owedNow} />
          </dd>
          <dt>{t('proofs.reference')}</dt>
          <dd>
            <bdi dir="ltr">{proof.transactionRef}</bdi> {proof.duplicate && <span className="ops-badge ops-badge-late">{t('proofs.duplicate')}</span>}
          </dd>
          <dt>{t('proofs.channel')}</dt>
          <dd>{channelWord(t, proof.channel)}</dd>
          <dt>{t('proofs.paidOn')}</dt>
          <dd>
            <bdi dir="ltr">{proof.paidOn || '-'}</bdi>
          </dd>
          <dt>{t('proofs.submitted')}</dt>
          <dd>
            <When at={proof.submittedAt} />
          </dd>
          <dt>{t('proofs.clock')}</dt>
          <dd>{proof.status === 'pending' ? <Clock due={proof.checkBy} late={proof.late} /> : t(`status.${proof.status}`)}</dd>
          {proof.sameReference.length > 0 && (
            <>
              <dt>{t('proofs.sameReference')}</dt>
              <dd>
                <ul className="ops-inline">
                  {proof.sameReference.map((s) => (
                    <li key={s.proofId}>
                      <Link to={`/proofs?status=${s.status}&id=${s.proofId}`}>
                        #{s.proofId} ({t(`status.${s.status}`)})
                      </Link>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {proof.checkedAt && (
            <>
              <dt>{t('proofs.checked')}</dt>
              <dd>
                <When at={proof.checkedAt} /> · <bdi>{proof.checkedBy}</bdi> {proof.reason && <q>{proof.reason}</q>}
              </dd>
            </>
          )}
        </dl>
      </div>
      {result && (
        <p role="status" className="ops-notice">
          {t('proofs.decided', { orderNo: result.orderNo })} {t('proofs.owedAfterDecision')} <Money amount={result.owedNow} />
          {result.refundOwed > 0 && (
            <>
              {' '}
              {t('proofs.refundOwed')} <Money amount={result.refundOwed} />
            </>
          )}
        </p>
      )}
      {proof.status === 'pending' && (
        <form onSubmit={(e) => e.preventDefault()} aria-label={t('proofs.decide')}>
          <h3>{t('proofs.decide')}</h3>
          <p>
            {t('proofs.acceptWould')} <Money amount={effect.credited} /> · {t('proofs.owedAfter')} <Money amount={effect.owedAfter} />
            {effect.overpaid > 0 && (
              <strong>
                {' '}
                · {t('proofs.overpaid')} <Money amount={effect.overpaid} />
              </strong>
            )}
          </p>
          {proof.duplicate && <p className="ops-warning">{t('proofs.duplicateWarning')}</p>}
          <ReasonField label={t('proofs.reason')} value={reason} onChange={setReason} usual={usual} error={error?.field('reason')} required />
          <ApiError error={error} shown={['reason']} />
          <div className="ops-actions">
            <button type="button" className="ops-primary" disabled={busy} onClick={() => void decide(true)}>
              {t('proofs.accept')}
            </button>
            <button type="button" disabled={busy} onClick={() => void decide(false)}>
              {t('proofs.reject')}
            </button>
            <Link to={`/proposals?orderNo=${encodeURIComponent(proof.orderNo)}`}>{t('proofs.proposeWaiver')}</Link>
          </div>
        </form>
      )}
    </section>
  );
}

export default function ProofsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ProofStatus) : 'pending';
  const list = useLoad(() => api.get<{ proofs: Proof[] }>('/proofs', { status }), status);
  const proofs = list.data?.proofs ?? [];
  const chosen = proofs.find((p) => String(p.proofId) === params.get('id'));
  return (
    <main className="ops-main ops-queue">
      <h1>{t('nav.proofs')}</h1>
      <StatusTabs label={t('queues.filter')} value={status} options={STATUSES} onChange={(s) => setParams({ status: s })} />
      <div className="ops-master-detail">
        <section aria-label={t('proofs.list')} className="ops-list">
          {list.loading && !list.data && <Loading />}
          {list.error && <LoadFailed error={list.error} retry={list.reload} />}
          {list.data && !proofs.length && <p className="ops-muted">{t('states.empty')}</p>}
          <ul>
            {proofs.map((p) => (
              <li key={p.proofId}>
                <Link to={`/proofs?status=${status}&id=${p.proofId}`} aria-current={p === chosen ? 'true' : undefined} className="ops-row">
                  <span>
                    #{p.proofId} · <bdi dir="ltr">{p.orderNo}</bdi>
                  </span>
                  <span className="ops-figure">
                    <Money amount={p.amount} />
                  </span>
                  <span>
                    {p.status === 'pending' && <Clock due={p.checkBy} late={p.late} />}
                    {p.duplicate && <span className="ops-badge ops-badge-late">{t('proofs.duplicate')}</span>}
                    <ClaimBadge claim={p.claim} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {chosen ? (
          <ProofDetail key={chosen.proofId} proof={chosen} onDecided={(now) => setParams({ status: now, id: String(chosen.proofId) })} onClaim={list.reload} />
        ) : (
          <p className="ops-detail ops-muted">{t('states.choose')}</p>
        )}
      </div>
    </main>
  );
}
