import { useTranslation } from 'react-i18next';
import { go } from 'shared';
import { ChevronIcon } from 'shared/ui';

/** The other ways to pay than the cashier: bank transfer, extension (when offered), proof upload. */
export function RepayActions({ orderNo, extensionAvailable }: { orderNo: string; extensionAvailable: boolean }) {
  const { t } = useTranslation('repay');
  const items = [
    { key: 'bank', label: t('detail.payBank'), onClick: () => go('repayBank', { orderNo }) },
    ...(extensionAvailable ? [{ key: 'extend', label: t('detail.extend'), onClick: () => go('exhibitionPeriodDetail', { orderNo }) }] : []),
    { key: 'proof', label: t('detail.uploadProof'), onClick: () => go('repayBank', { orderNo, section: 'proof' }) },
  ];
  return (
    <section aria-labelledby="repay-other-ways">
      <h2 className="repay-section-title" id="repay-other-ways">
        {t('detail.otherWays')}
      </h2>
      <ul className="list">
        {items.map((i) => (
          <li key={i.key} className="list__item">
            <button type="button" className="list__link" onClick={i.onClick} data-testid={`repay-action-${i.key}`}>
              <span>{i.label}</span>
              <ChevronIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
