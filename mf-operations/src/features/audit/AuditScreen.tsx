/**
 * The audit trail (supervisor, admin): the chained entries with filters, page by page; verify the chain (keep the
 * last hash elsewhere: only a remembered later hash reveals entries cut from the end); export the filtered entries.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditVerification } from '../../api/types';
import { api } from '../../shell/api';
import { DataTable } from '../../shell/DataTable';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Field, LoadFailed, Loading, When } from '../../shell/ui';
import { auditQuery, EMPTY_FILTER, type AuditFilter } from './auditQuery';

const PAGE = 100;

export default function AuditScreen() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<AuditFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_FILTER);
  const [afterSeq, setAfterSeq] = useState<number[]>([]);
  const query = { ...auditQuery(filter), afterSeq: afterSeq.at(-1), limit: PAGE };
  const page = useLoad(() => api.get<{ entries: AuditEntry[]; nextAfterSeq: number | null }>('/audit', query), JSON.stringify(query));
  const verify = useAction();
  const [verified, setVerified] = useState<AuditVerification | null>(null);
  const exporting = useAction();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setAfterSeq([]);
    setFilter(typed);
  };
  const download = async (format: 'jsonl' | 'csv') => {
    const blob = await exporting.run(() => api.blob('/audit/export', { ...auditQuery(filter), format }));
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: `staff-audit.${format}` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const set = (k: keyof AuditFilter) => (e: { target: { value: string } }) => setTyped((f) => ({ ...f, [k]: e.target.value }));
  const entries = page.data?.entries ?? [];
  return (
    <main className="ops-main">
      <h1>{t('nav.audit')}</h1>
      <section className="ops-card" aria-label={t('audit.chain')}>
        <h2>{t('audit.chain')}</h2>
        <div className="ops-actions">
          <button
            type="button"
            disabled={verify.busy}
            onClick={() => void verify.run(() => api.get<AuditVerification>('/audit/verify')).then((v) => v && setVerified(v))}
          >
            {verify.busy ? t('states.working') : t('audit.verify')}
          </button>
          <button type="button" disabled={exporting.busy} onClick={() => void download('jsonl')}>
            {t('audit.exportJsonl')}
          </button>
          <button type="button" disabled={exporting.busy} onClick={() => void download('csv')}>
            {t('audit.exportCsv')}
          </button>
        </div>
        <ApiError error={verify.error ?? exporting.error} />
        {verified && (
          <p role="status" className={verified.ok ? 'ops-notice' : 'ops-error'}>
            {verified.ok ? (
              <>
                {t('audit.intact', { entries: verified.entries })} {t('audit.lastHash')} <code dir="ltr">{verified.lastHash}</code>
              </>
            ) : (
              t('audit.broken', { seq: verified.brokenAt, why: verified.why, entries: verified.entries })
            )}
          </p>
        )}
      </section>
      <form className="ops-filters ops-row-fields" aria-label={t('audit.filters')} onSubmit={apply}>
        <Field label={t('audit.staffId')}>{(a) => <input {...a} dir="ltr" inputMode="numeric" value={typed.staffId} onChange={set('staffId')} />}</Field>
        <Field label={t('audit.action')}>{(a) => <input {...a} dir="ltr" value={typed.action} onChange={set('action')} />}</Field>
        <Field label={t('audit.subject')}>{(a) => <input {...a} dir="ltr" value={typed.subject} onChange={set('subject')} />}</Field>
        <Field label={t('audit.from')}>{(a) => <input {...a} type="datetime-local" value={typed.from} onChange={set('from')} />}</Field>
        <Field label={t('audit.to')}>{(a) => <input {...a} type="datetime-local" value={typed.to} onChange={set('to')} />}</Field>
        <button type="submit">{t('audit.apply')}</button>
      </form>
      {page.loading && !page.data && <Loading />}
      {page.error && <LoadFailed error={page.error} retry={page.reload} />}
      {page.data && !entries.length && <p className="ops-muted">{t('states.empty')}</p>}
      {entries.length > 0 && (
        <DataTable
          caption={t('audit.entries')}
          rows={entries}
          rowKey={(e) => e.seq}
          columns={[
            { key: 'seq', header: t('audit.seq'), kind: 'figure', width: '3.5rem', cell: (e) => e.seq },
            { key: 'at', header: t('audit.at'), width: '7rem', cell: (e) => <When at={e.at} /> },
            { key: 'staff', header: t('audit.staffId'), width: '4.5rem', cell: (e) => e.staffId ?? '-' },
            { key: 'action', header: t('audit.action'), kind: 'code', width: '8rem', cell: (e) => <code dir="ltr">{e.action}</code> },
            { key: 'subject', header: t('audit.subject'), kind: 'code', width: '9rem', cell: (e) => <bdi dir="ltr">{e.subject ?? '-'}</bdi> },
            {
              key: 'detail',
              header: t('audit.detail'),
              kind: 'code',
              cell: (e) => (
                <code dir="ltr" className="ops-small">
                  {JSON.stringify(e.detail)}
                </code>
              ),
            },
            {
              key: 'hash',
              header: t('audit.hash'),
              kind: 'code',
              width: '6.5rem',
              cell: (e) => (
                <code dir="ltr" title={e.hash}>
                  {e.hash.slice(0, 10)}
                </code>
              ),
            },
          ]}
        />
      )}
      <div className="ops-actions">
        <button type="button" disabled={!afterSeq.length} onClick={() => setAfterSeq((s) => s.slice(0, -1))}>
          {t('audit.previous')}
        </button>
        <button
          type="button"
          disabled={!page.data?.nextAfterSeq || entries.length < PAGE}
          onClick={() => page.data?.nextAfterSeq && setAfterSeq((s) => [...s, page.data!.nextAfterSeq!])}
        >
          {t('audit.next')}
        </button>
      </div>
    </main>
  );
}
