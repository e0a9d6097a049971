/** repay/repay_bank: the account to transfer to (copyable), then the proof of repayment upload and its state. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, useSearchParams } from 'shared';
import { EmptyState, ErrorState, Money, Page, SignInState, Skeleton, useOrderNo } from 'shared/ui';
import { ProofForm } from '../../features/proof/ProofForm';
import { ProofList } from '../../features/proof/ProofList';
import { CopyRow } from './CopyRow';
import '../../repay.css';

export default function RepayBankScreen() {
  const { t } = useTranslation('repay');
  const [params] = useSearchParams();
  const target = useOrderNo();
  const orderNo = target.orderNo ?? '';
  const info = useRequest(endpoints.bankTransferInfo, { orderNo }, { enabled: Boolean(orderNo) });
  const proofs = useRequest(endpoints.proofStatus, { orderNo }, { enabled: Boolean(orderNo) });
  const config = useRequest(endpoints.marketConfig, {});
  const proofRef = useRef<HTMLElement>(null);
  const wantsProof = params.get('section') === 'proof';

  useEffect(() => {
    if (wantsProof && info.data) proofRef.current?.scrollIntoView({ block: 'start' });
  }, [wantsProof, info.data]);

  let body: React.ReactNode;
  if (target.error) body = <ErrorState error={target.error} onRetry={target.reload} />;
  else if (!target.loggedIn) body = <SignInState />;
  else if (target.none) body = <EmptyState />;
  else if (info.error) body = <ErrorState error={info.error} onRetry={info.reload} />;
  else if (!info.data || target.loading) body = <Skeleton lines={6} />;
  else {
    const d = info.data;
    const checkHours = config.data?.proofCheckHours;
    body = (
      <>
        {d.amountDue > 0 ? (
          <>
            <p className="repay-muted">{t('bank.intro')}</p>
            <section className="card" aria-label={t('bank.title')} data-testid="repay-bank-details">
              <CopyRow label={t('bank.amountDue')} value={String(d.amountDue)} display={<Money amount={d.amountDue} />} testId="repay-bank-amount" />
              <CopyRow label={t('bank.accountName')} value={d.accountName} display={d.accountName} testId="repay-bank-name" />
              <CopyRow label={t('bank.bankName')} value={d.bankName} display={d.bankName} testId="repay-bank-bank" />
              <CopyRow label={t('bank.accountNumber')} value={d.accountNumber} testId="repay-bank-account" />
              <CopyRow label={t('bank.iban')} value={d.iban} testId="repay-bank-iban" long />
              <CopyRow label={t('bank.reference')} value={d.reference} testId="repay-bank-reference" />
            </section>
            <p className="repay-note" data-testid="repay-bank-confirm-note">
              {t('bank.confirmNote', { count: d.confirmMinutes })}
            </p>
            <section
              ref={proofRef}
              aria-labelledby="repay-proof-title"
              style={{ display: 'flex', flexDirection: 'column', gap: 12, scrollMarginBlockStart: 8 }}
            >
              <h2 className="repay-section-title" id="repay-proof-title">
                {t('proof.title')}
              </h2>
              <p className="repay-muted">{t('proof.intro')}</p>
              {checkHours ? (
                <p className="repay-note" data-testid="repay-proof-check-note">
                  {t('proof.checkNote', { count: checkHours })}
                </p>
              ) : null}
              <ProofForm orderNo={orderNo} onSubmitted={proofs.reload} />
            </section>
          </>
        ) : (
          <EmptyState title={t('cashier.nothingDue')} />
        )}
        {proofs.data ? <ProofList proofs={proofs.data.proofs} /> : null}
      </>
    );
  }
  return <Page title={t('bank.title')}>{body}</Page>;
}
