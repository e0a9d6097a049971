/** The member's queues at a glance: what waits, what is late, each a link to its queue. Only the queues of their role. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../api/session';
import type { Complaint, Proof, Proposal } from '../../api/types';
import { mayOpen } from '../../access';
import { api } from '../../shell/api';
import { useLoad } from '../../shell/hooks';
import { LoadFailed, Loading } from '../../shell/ui';
import { complaintCounts, proofCounts, proposalCounts, type QueueCounts } from './queueCounts';

async function loadCounts(role: Parameters<typeof mayOpen>[1], username: string): Promise<QueueCounts> {
  const [proofs, open, inProgress, proposals] = await Promise.all([
    mayOpen('opsProofs', role) ? api.get<{ proofs: Proof[] }>('/proofs', { status: 'pending' }) : null,
    mayOpen('opsComplaints', role) ? api.get<{ complaints: Complaint[] }>('/complaints', { status: 'open' }) : null,
    mayOpen('opsComplaints', role) ? api.get<{ complaints: Complaint[] }>('/complaints', { status: 'inProgress' }) : null,
    mayOpen('opsProposals', role) ? api.get<{ proposals: Proposal[] }>('/proposals', { status: 'pending' }) : null,
  ]);
  return {
    ...(proofs && { proofs: proofCounts(proofs.proofs) }),
    ...(open && inProgress && { complaints: complaintCounts([...open.complaints, ...inProgress.complaints]) }),
    ...(proposals && { proposals: proposalCounts(proposals.proposals, username) }),
  };
}

function Tile({ title, to, figures }: { title: string; to: string; figures: [string, number, boolean?][] }) {
  return (
    <section className="ops-tile" aria-label={title}>
      <h2>
        <Link to={to}>{title}</Link>
      </h2>
      <dl>
        {figures.map(([label, n, alarm]) => (
          <div key={label} className={alarm && n > 0 ? 'ops-alarm' : undefined}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function QueuesScreen() {
  const { t } = useTranslation();
  const { session } = useSessionState();
  const staff = session!.staff;
  const counts = useLoad(() => loadCounts(staff.role, staff.username), staff.username);
  const c = counts.data;
  return (
    <main className="ops-main">
      <h1>{t('queues.title', { name: staff.name })}</h1>
      {counts.loading && !c && <Loading />}
      {counts.error && <LoadFailed error={counts.error} retry={counts.reload} />}
      {c && (
        <div className="ops-tiles">
          {c.proofs && (
            <Tile
              title={t('nav.proofs')}
              to="/proofs"
              figures={[
                [t('queues.pending'), c.proofs.pending],
                [t('queues.late'), c.proofs.late, true],
                [t('queues.duplicates'), c.proofs.duplicates, true],
              ]}
            />
          )}
          {c.complaints && (
            <Tile
              title={t('nav.complaints')}
              to="/complaints"
              figures={[
                [t('queues.unresolved'), c.complaints.open],
                [t('queues.late'), c.complaints.late, true],
                [t('queues.escalated'), c.complaints.escalated],
              ]}
            />
          )}
          {c.proposals && (
            <Tile
              title={t('nav.proposals')}
              to="/proposals"
              figures={[
                [t('queues.pending'), c.proposals.pending],
                [t('queues.mine'), c.proposals.mine],
              ]}
            />
          )}
          {mayOpen('opsAudit', staff.role) && <Tile title={t('nav.audit')} to="/audit" figures={[]} />}
          {mayOpen('opsAccounts', staff.role) && <Tile title={t('nav.accounts')} to="/accounts" figures={[]} />}
        </div>
      )}
      <p className="ops-muted">{t('queues.notYet')}</p>
    </main>
  );
}
