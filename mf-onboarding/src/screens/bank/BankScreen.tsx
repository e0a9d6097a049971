/** bank_account/add_bankcard and backup_add_bankcard: loads the banks and the current accounts. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, useSession } from 'shared';
import { ErrorState, Page, Skeleton } from 'shared/ui';
import { BankCardForm } from './BankCardForm';
import { useBorrowerId } from '../../features/borrower';
import '../../onboarding.css';

export function BankScreen({ role }: { role: 'primary' | 'backup' }) {
  const { t } = useTranslation('onboarding');
  const banks = useRequest(endpoints.bankList, {});
  const cards = useRequest(endpoints.backupBankCardDetail, {});
  const user = useSession((s) => s.userInfo);
  const { waiting } = useBorrowerId(); // the holder's name and the draft are the borrower's
  const title = role === 'primary' ? t('bank.title') : t('bank.backupTitle');
  const error = banks.error ?? cards.error;
  if (error)
    return (
      <Page title={title}>
        <ErrorState
          error={error}
          onRetry={() => {
            banks.reload();
            cards.reload();
          }}
        />
      </Page>
    );
  if (!banks.data || !cards.data || waiting)
    return (
      <Page title={title}>
        <Skeleton lines={6} height={44} />
      </Page>
    );
  const holder = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <BankCardForm
      role={role}
      banks={banks.data}
      current={role === 'primary' ? cards.data.primary : cards.data.backup}
      holder={holder}
      notices={cards.data.notices}
    />
  );
}

export default function AddBankCardScreen() {
  return <BankScreen role="primary" />;
}
