/** The member's queues at a glance: what waits, what is late, each a link to its queue. Only the queues of their role. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../api/session';
import type { Complaint, OverdueLoan, Proof, Proposal, Review } from '../../api/types';
import { mayOpen } from '../../access';
import { api } from '../../shell/api';
import { useLoad } from '../../shell/hooks';
import { LoadFailed, Loading } from '../../shell/ui';
import { collectionCounts, complaintCounts, proofCounts, proposalCounts, reviewCounts, type QueueCounts } from './queueCounts';

async function loadCounts(role: Parameters<typeof mayOpen>[1], username: string): Promise<QueueCounts> {
  const [proofs, open, inProgress, proposals, reviews, loans] = await Promise.all([
    mayOpen('opsProofs', role) ? api.get<{ proofs: Proof[] }>('/proofs', { status: 'pending' }) : null,
    mayOpen('opsComplaints', role) ? api.get<{ complaints: Complaint[] }>('/complaints', { status: 'open' }) : null,
    mayOpen('opsComplaints', role) ? api.get<{ complaints: Complaint[] }>('/complaints', { status: 'inProgress' }) : null,
    mayOpen('opsProposals', role) ? api.get<{ proposals: Proposal[] }>('/proposals', { status: 'pending' }) : null,
    mayOpen('opsReviews', role) ? api.get<{ reviews: Review[] }>('/reviews', { status: 'waiting' }) : null,
    mayOpen('opsCollections', role) ? api.get<{ loans: OverdueLoan[] }>('/collections') : null,
  ]);
  return {
    ...(proofs && { proofs: proofCounts(proofs.proofs) }),
    ...(open && inProgress && { complaints: complaintCounts([...open.complaints, ...inProgress.complaints]) }),
    ...(proposals && { proposals: proposalCounts(proposals.proposals, username) }),
    ...(reviews && { reviews: reviewCounts(reviews.reviews) }),
    ...(loans && { collections: collectionCounts(loans.loans) }),
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
          {c.reviews && (
            <Tile
              title={t('nav.reviews')}
              to="/reviews"
              figures={[
                [t('queues.pending'), c.reviews.waiting],
                [t('queues.late'), c.reviews.late, true],
              ]}
            />
          )}
          {c.collections && (
            <Tile
              title={t('nav.collections')}
              to="/collections"
              figures={[
                [t('queues.overdue'), c.collections.overdue],
                [t('queues.brokenPromises'), c.collections.brokenPromises, true],
                [t('queues.notContacted'), c.collections.notContacted, true],
              ]}
            />
          )}
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
          {mayOpen('opsBorrowers', staff.role) && <Tile title={t('nav.borrowers')} to="/borrowers" figures={[]} />}
          {mayOpen('opsRails', staff.role) && <Tile title={t('nav.rails')} to="/rails" figures={[]} />}
          {mayOpen('opsAudit', staff.role) && <Tile title={t('nav.audit')} to="/audit" figures={[]} />}
          {mayOpen('opsAccounts', staff.role) && <Tile title={t('nav.accounts')} to="/accounts" figures={[]} />}
        </div>
      )}
    </main>
  );
}
