/** The key fact statement: the loan's figures and terms in plain words, read before confirming. */
import { useTranslation } from 'react-i18next';
import type { LoanFigures } from 'shared';
import { Figures } from '../../features/Figures';

export function KeyFactStatement({ figures, lender, product }: { figures: LoanFigures; lender: string; product: string }) {
  const { t } = useTranslation('loan');
  return (
    <div className="loan-kfs" data-testid="kfs">
      <p>{t('confirm.kfsIntro')}</p>
      <dl className="kv">
        <dt>{t('confirm.kfsLender')}</dt>
        <dd>{lender}</dd>
        <dt>{t('confirm.kfsProduct')}</dt>
        <dd>{product}</dd>
      </dl>
      <Figures figures={figures} testId="kfs-figures" />
      <p>{t('confirm.kfsPenaltyCap')}</p>
      <p>{t('confirm.kfsCooling')}</p>
      <p>{t('confirm.kfsComplaints')}</p>
    </div>
  );
}
