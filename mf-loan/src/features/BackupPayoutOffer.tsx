/**
 * After a failed payout (status 10): the backup account is offered, when the borrower has one
 * other than the account the payout failed to. Choosing it moves the order to get money (18)
 * with the backup as its receiving account; the borrower confirms it on confirm_borrow.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessageOf, go, useRequest, type BankCardView } from 'shared';
import { Button, useMoneyVerification, Ltr } from 'shared/ui';

/** the same account, not edited since (saving an account again gives it a new createdAt) */
export function sameAccount(a: BankCardView, b: BankCardView | null): boolean {
  return !!b && a.cardId === b.cardId && a.createdAt === b.createdAt;
}

export function BackupPayoutOffer({ orderNo, failedCard }: { orderNo: string; failedCard: BankCardView | null }) {
  const { t } = useTranslation('loan');
  const cards = useRequest(endpoints.backupBankCardDetail, {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const verification = useMoneyVerification();
  const backup = cards.data?.backup;
  if (!backup || sameAccount(backup, failedCard)) return null;

  async function sendToBackup() {
    setBusy(true);
    setError(undefined);
    try {
      const moved = await verification.run((verifyCode) => call(endpoints.useBackupBankCard, { orderNo, verifyCode }));
      if (moved) go('confirmBorrow', { orderNo });
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="backup-offer">
      {verification.prompt}
      <p style={{ margin: 0 }}>
        {t('lending.backupOffer')} {backup.bankName} · <Ltr>{backup.accountMasked}</Ltr>
      </p>
      <Button block variant="secondary" busy={busy} onClick={sendToBackup} data-testid="use-backup">
        {t('lending.useBackup')}
      </Button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
