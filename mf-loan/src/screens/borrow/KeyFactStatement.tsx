/** The key fact statement: the loan's figures and terms in plain words, read before confirming; a market profile's rules and licensed lender with them. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, type LoanFigures } from 'shared';
import { useLenderLine } from 'shared/ui';
import { Figures } from '../../features/Figures';

export function KeyFactStatement({ figures, lender, product }: { figures: LoanFigures; lender: string; product: string }) {
  const { t } = useTranslation('loan');
  const profile = useRequest(endpoints.marketConfig, {}).data?.profile;
  const { lender: licensed, brandLine } = useLenderLine();
  return (
    <div className="loan-kfs" data-testid="kfs">
      <p>{t('confirm.kfsIntro')}</p>
      {licensed ? (
        // whose licence this product is lent under; long names and licence numbers wrap as text: not in the two-column list
        <p data-testid="kfs-lender">
          <strong>{t('confirm.kfsLender')}:</strong> {brandLine(lender)}
        </p>
      ) : null}
      <dl className="kv">
        {licensed ? null : (
          <>
            <dt>{t('confirm.kfsLender')}</dt>
            <dd>{lender}</dd>
          </>
        )}
        <dt>{t('confirm.kfsProduct')}</dt>
        <dd>{product}</dd>
      </dl>
      <Figures figures={figures} testId="kfs-figures" />
      <p>{profile?.totalCostCapPercent ? t('confirm.kfsCostCap', { cap: profile.totalCostCapPercent }) : t('confirm.kfsPenaltyCap')}</p>
      {profile?.coolingOffHours ? (
        <p data-testid="kfs-withdraw">
          {t('confirm.kfsWithdraw', { hours: profile.coolingOffHours })}
          {profile.reapplyAfterWithdrawalDays ? ` ${t('confirm.kfsWithdrawWait', { days: profile.reapplyAfterWithdrawalDays })}` : null}
        </p>
      ) : null}
      <p>{t('confirm.kfsCooling')}</p>
      <p>
        {profile?.complaints
          ? t('confirm.kfsComplaintsRoute', {
              days: profile.complaints.resolutionDays,
              regulator: profile.complaints.regulator.name,
              url: profile.complaints.regulator.url,
            })
          : t('confirm.kfsComplaints')}
      </p>
    </div>
  );
}
