import { useTranslation } from 'react-i18next';
import { Badge, DateText, Money, type BadgeTone } from 'shared/ui';
import type { Proof } from '../types';

const PROOF_TONES: Record<Proof['status'], BadgeTone> = { pending: 'warn', accepted: 'neutral', rejected: 'danger' };

/** Submitted proofs of repayment with their state (being checked by ..., accepted, rejected). */
export function ProofList({ proofs }: { proofs: Proof[] }) {
  const { t } = useTranslation('repay');
  if (proofs.length === 0) return null;
  return (
    <section aria-labelledby="repay-proofs">
      <h2 className="repay-section-title" id="repay-proofs">
        {t('proof.history')}
      </h2>
      <ul className="list" data-testid="repay-proofs">
        {proofs.map((p) => (
          <li key={p.proofId} className="list__item repay-row">
            <div className="repay-row__main">
              <strong>
                <Money amount={p.amount} />
              </strong>
              <span className="repay-muted">
                {t('proof.submittedAt')}: <DateText value={p.submittedAt} withTime />
              </span>
              <span className="repay-muted">
                {p.status === 'pending' ? (
                  <>
                    {t('proof.checkBy')}: <DateText value={p.checkBy} withTime />
                  </>
                ) : (
                  t(`proof.stateHint.${p.status}`)
                )}
              </span>
            </div>
            <div className="repay-row__end">
              <Badge tone={PROOF_TONES[p.status]} testId="repay-proof-state">
                {t(`proof.state.${p.status}`)}
              </Badge>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
