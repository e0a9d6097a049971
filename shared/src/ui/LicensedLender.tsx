/**
 * The licensed lender of a market profile (issue 45): its full corporate name and licence, and the brands that
 * lend under it, where a visitor looks before signing up (the risk warning, home, the calculator); with `brand`,
 * that brand's line (the KFS: whose licence this product is lent under). Nothing in a market without one.
 */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, type LicensedLender as Lender } from 'shared';
import { isolate } from './format';

/** "Sahulat Finance, a brand of <corporate name> (licence: <licence>)" in the page's language */
export function useLenderLine(): { lender: Lender | null; brandLine(brand: string): string } {
  const { t } = useTranslation('common');
  const lender = useRequest(endpoints.marketConfig, {}).data?.profile?.lender ?? null;
  return {
    lender,
    brandLine: (brand) =>
      lender && (lender.brands ?? [brand]).includes(brand)
        ? t('licensedLender.brand', { brand, corporateName: isolate(lender.corporateName), licence: isolate(lender.licence) })
        : brand,
  };
}

export function LicensedLenderNote({ className = 'licensed-lender' }: { className?: string }) {
  const { t } = useTranslation('common');
  const { lender } = useLenderLine();
  if (!lender) return null;
  return (
    <p className={className} data-testid="licensed-lender">
      {t('licensedLender.all', {
        corporateName: isolate(lender.corporateName),
        licence: isolate(lender.licence),
        brands: (lender.brands ?? []).map(isolate).join(t('licensedLender.separator')),
      })}
    </p>
  );
}
