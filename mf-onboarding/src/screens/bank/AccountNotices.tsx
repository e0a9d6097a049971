/** The latest changes of where the borrower's money goes (each also texted to the registered number). */
import { useTranslation } from 'react-i18next';
import { type AccountNotice } from 'shared';
import { DateText, Ltr } from 'shared/ui';

export function AccountNotices({ notices }: { notices: AccountNotice[] }) {
  const { t } = useTranslation('onboarding');
  if (!notices.length) return null;
  return (
    <section className="card ob-section" data-testid="account-notices" aria-labelledby="account-notices-title">
      <h2 id="account-notices-title">{t('bank.notices.title')}</h2>
      <ul className="ob-notices">
        {notices.map((n) => (
          <li key={`${n.at}-${n.kind}`}>
            {t(`bank.notices.${n.kind}`, { bank: n.bankName })} ·<Ltr>{n.accountMasked}</Ltr> · <DateText value={n.at} />
          </li>
        ))}
      </ul>
      <p className="ob-notice">{t('bank.notices.notYou')}</p>
    </section>
  );
}
