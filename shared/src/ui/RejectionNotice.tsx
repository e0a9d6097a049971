/**
 * What a rejection means, in the same words on home and on the review screen (decisions: reapply
 * after rejection): which lender refused and from which date it takes an application again, and
 * which products (other lenders') can be applied for now.
 */
import { useTranslation } from 'react-i18next';
import { dateInText } from './format';

export interface RejectionNoticeProps {
  lender: string;
  reapplyAt: string | null;
  /** the products the server accepts an application for now */
  open: readonly { name: string; lenderName: string }[];
}

export function RejectionNotice({ lender, reapplyAt, open }: RejectionNoticeProps) {
  const { t } = useTranslation('common');
  return (
    <div data-testid="rejection-notice">
      <p>{reapplyAt ? t('rejection.lenderUntil', { lender, date: dateInText(reapplyAt) }) : t('rejection.lender', { lender })}</p>
      <p>{open.length ? t('rejection.openNow', { products: open.map((p) => `${p.name} (${p.lenderName})`).join(', ') }) : t('rejection.noneOpen')}</p>
    </div>
  );
}
