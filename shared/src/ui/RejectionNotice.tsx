/**
 * What a rejection means, in the same words on home and on the review screen (decisions: reapply
 * after rejection): which lender refused and from which date it takes an application again, and
 * which products (other lenders') can be applied for now.
 */
import { useTranslation } from 'react-i18next';
import { DateText } from './Text';

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
      <p>{reapplyAt ? <ReopensOn lender={lender} date={reapplyAt} /> : t('rejection.lender', { lender })}</p>
      <p>
        {open.length ? t('rejection.openNow', { products: open.map((p) => `${p.name} (${p.lenderName})`).join(`${t('comma')} `) }) : t('rejection.noneOpen')}
      </p>
    </div>
  );
}

/** a character no translation holds: where the date goes in the sentence */
const DATE_SLOT = '\u2063';

/** the sentence with its date as one unbreakable piece: a line never ends in "2026-" with "12-28" on the next */
function ReopensOn({ lender, date }: { lender: string; date: string }) {
  const { t } = useTranslation('common');
  const [before, after = ''] = t('rejection.lenderUntil', { lender, date: DATE_SLOT }).split(DATE_SLOT);
  return (
    <>
      {before}
      <DateText value={date} />
      {after}
    </>
  );
}
