import { BankScreen } from './BankScreen';

/** bank_account/backup_add_bankcard: a second receiving account. */
export default function BackupBankCardScreen() {
  return <BankScreen role="backup" />;
}
