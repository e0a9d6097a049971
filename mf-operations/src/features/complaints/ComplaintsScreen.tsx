/**
 * Complaints: the tickets, the earliest resolve-by first, each with its service clock (the market profile's days),
 * beside the chosen one: the borrower's words, the reply (which the borrower reads on their complaint screen),
 * resolve once answered, escalate with a reason. What is typed stays on a refusal.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Complaint, ComplaintStatus } from '../../api/types';
import { api } from '../../shell/api';
import { ClaimBadge, ClaimBar } from '../../shell/claims';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Clock, Field, LoadFailed, Loading, ReasonField, StatusTabs, When } from '../../shell/ui';
import { codeWord } from '../../shell/words';

const STATUSES: readonly ComplaintStatus[] = ['open', 'inProgress', 'resolved'];

function ComplaintDetail({ complaint, onChanged, onClaim }: { complaint: Complaint; onChanged: (c: Complaint) => void; onClaim: () => void }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const [escalation, setEscalation] = useState('');
  const act = useAction();
  const closed = complaint.status === 'resolved';
  const call = async (what: 'reply' | 'resolve' | 'escalate', body: object, clear: () => void) => {
    const r = await act.run(() => api.post<{ complaint: Complaint }>(`/complaints/${encodeURIComponent(complaint.ticketNo)}/${what}`, body));
    if (r) {
      clear();
      onChanged(r.complaint);
    }
  };
  return (
    <section className="ops-detail" aria-label={t('complaints.detail', { ticket: complaint.ticketNo })}>
      <h2>{t('complaints.detail', { ticket: complaint.ticketNo })}</h2>
      {complaint.status !== 'resolved' && (
        <ClaimBar path={`/complaints/${encodeURIComponent(complaint.ticketNo)}`} listed={complaint.claim} onChange={onClaim} />
      )}
      <dl className="ops-facts">
        <dt>{t('complaints.category')}</dt>
        <dd>{codeWord(t, 'complaints.categories', complaint.category)}</dd>
        <dt>{t('complaints.borrower')}</dt>
        <dd>
          <bdi dir="ltr">{complaint.borrowerMobile}</bdi>
        </dd>
        <dt>{t('complaints.created')}</dt>
        <dd>
          <When at={complaint.createdAt} />
        </dd>
        <dt>{t('complaints.resolveBy')}</dt>
        <dd>
          <When at={complaint.resolveBy} /> {!closed && <Clock due={complaint.resolveBy} late={complaint.late} />}
          {closed && (
            <>
              {' '}
              · {t('status.resolved')} <When at={complaint.resolvedAt} />
            </>
          )}
        </dd>
        {complaint.escalated && (
          <>
            <dt>{t('complaints.escalated')}</dt>
            <dd>
              <When at={complaint.escalated.at} /> · <bdi>{complaint.escalated.by}</bdi>
            </dd>
          </>
        )}
      </dl>
      <h3>{t('complaints.text')}</h3>
      <blockquote className="ops-quote">
        <bdi>{complaint.text}</bdi>
      </blockquote>
      {complaint.hasPhoto && <p className="ops-muted">{t('complaints.hasPhoto')}</p>}
      {complaint.reply && (
        <>
          <h3>{t('complaints.replied')}</h3>
          <blockquote className="ops-quote">
            <bdi>{complaint.reply.text}</bdi>
            <footer>
              <When at={complaint.reply.at} /> · <bdi>{complaint.reply.by}</bdi>
            </footer>
          </blockquote>
        </>
      )}
      <ApiError error={act.error} shown={['text', 'reason']} />
      {!closed && (
        <>
          <form
            aria-label={t('complaints.replyForm')}
            onSubmit={(e) => {
              e.preventDefault();
              void call('reply', { text: reply }, () => setReply(''));
            }}
          >
            <Field label={t('complaints.reply')} hint={t('complaints.replyHint')} error={act.error?.field('text')}>
              {(a) => <textarea {...a} dir="auto" rows={5} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />}
            </Field>
            <div className="ops-actions">
              <button type="submit" className="ops-primary" disabled={act.busy}>
                {t('complaints.sendReply')}
              </button>
              <button type="button" disabled={act.busy} onClick={() => void call('resolve', {}, () => undefined)}>
                {t('complaints.resolve')}
              </button>
            </div>
          </form>
          {!complaint.escalated && (
            <form
              aria-label={t('complaints.escalateForm')}
              onSubmit={(e) => {
                e.preventDefault();
                void call('escalate', { reason: escalation }, () => setEscalation(''));
              }}
            >
              <ReasonField
                label={t('complaints.escalateReason')}
                value={escalation}
                onChange={setEscalation}
                usual={t('complaints.usualEscalations', { returnObjects: true }) as string[]}
                error={act.error?.field('reason')}
                required
              />
              <button type="submit" disabled={act.busy}>
                {t('complaints.escalate')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

export default function ComplaintsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ComplaintStatus) : 'open';
  const escalated = params.get('escalated') === 'true';
  const list = useLoad(() => api.get<{ complaints: Complaint[] }>('/complaints', { status, escalated: escalated || undefined }), `${status}:${escalated}`);
  const complaints = list.data?.complaints ?? [];
  const chosen = complaints.find((c) => c.ticketNo === params.get('ticket'));
  return (
    <main className="ops-main ops-queue">
      <h1>{t('nav.complaints')}</h1>
      <div className="ops-filters">
        <StatusTabs
          label={t('queues.filter')}
          value={status}
          options={STATUSES}
          onChange={(s) => setParams({ status: s, ...(escalated ? { escalated: 'true' } : {}) })}
        />
        <label className="ops-check">
          <input type="checkbox" checked={escalated} onChange={(e) => setParams({ status, ...(e.target.checked ? { escalated: 'true' } : {}) })} />{' '}
          {t('complaints.escalatedOnly')}
        </label>
      </div>
      <div className="ops-master-detail">
        <section aria-label={t('complaints.list')} className="ops-list">
          {list.loading && !list.data && <Loading />}
          {list.error && <LoadFailed error={list.error} retry={list.reload} />}
          {list.data && !complaints.length && <p className="ops-muted">{t('states.empty')}</p>}
          <ul>
            {complaints.map((c) => (
              <li key={c.ticketNo}>
                <Link
                  to={`/complaints?status=${status}${escalated ? '&escalated=true' : ''}&ticket=${encodeURIComponent(c.ticketNo)}`}
                  aria-current={c === chosen ? 'true' : undefined}
                  className="ops-row"
                >
                  <span>
                    <bdi dir="ltr">{c.ticketNo}</bdi> · {codeWord(t, 'complaints.categories', c.category)}
                  </span>
                  <span>{c.status !== 'resolved' && <Clock due={c.resolveBy} late={c.late} />}</span>
                  <span>
                    {c.escalated && <span className="ops-badge">{t('complaints.escalated')}</span>}
                    <ClaimBadge claim={c.claim} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {chosen ? (
          <ComplaintDetail
            key={chosen.ticketNo}
            complaint={chosen}
            onChanged={(c) => (c.status === status ? list.reload() : setParams({ status: c.status, ticket: c.ticketNo }))}
            onClaim={list.reload}
          />
        ) : (
          <p className="ops-detail ops-muted">{t('states.choose')}</p>
        )}
      </div>
    </main>
  );
}
