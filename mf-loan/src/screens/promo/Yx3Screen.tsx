/**
 * /yx3: enter a mobile number to see the loan amount available. The page answers the same for any
 * number (no one learns whether a number is registered): it leads to the code, and once the code
 * is verified (login or registration) the borrower is back here and sees their own amount.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { endpoints, go, pathFor, useRequest } from 'shared';
import { Button, ErrorState, Page, Skeleton, moneyInText } from 'shared/ui';
import { ExistsByMobileRequest } from 'shared/schemas';
import { FormTextField } from 'shared/forms';
import type { z } from 'zod';

import '../../loan.css';

type Form = z.infer<typeof ExistsByMobileRequest>;

export default function Yx3Screen() {
  const { t } = useTranslation('loan');
  const market = useRequest(endpoints.marketIndex, {});
  const form = useForm<Form>({ resolver: zodResolver(ExistsByMobileRequest) });
  const onSubmit = form.handleSubmit((values) => go('login', { mobile: values.mobile, redirect: pathFor('yx3') }));

  const d = market.data;
  return (
    <Page title={t('promo.yx3.title')}>
      <section className="loan-hero">
        <h2>{t('promo.yx3.headline')}</h2>
      </section>
      {d?.loggedIn ? (
        <section className="card loan-actions" data-testid="yx3-result">
          <h2>{t('promo.yx3.yourLimit', { amount: moneyInText(d.availableLimit) })}</h2>
          <Button block onClick={() => go('toBorrow')}>
            {t('promo.yx3.apply')}
          </Button>
        </section>
      ) : d ? (
        <form className="card loan-actions" onSubmit={onSubmit} noValidate>
          <p className="loan-muted">{t('promo.yx3.howItWorks', { amount: moneyInText(d.config.firstLoanCap) })}</p>
          <FormTextField
            form={form}
            name="mobile"
            label={t('promo.yx3.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            enterKeyHint="go"
            ltr
            placeholder={t('promo.yx3.mobileHint')}
          />
          <Button type="submit" block>
            {t('promo.yx3.check')}
          </Button>
        </form>
      ) : null}
      {market.error && !d ? <ErrorState error={market.error} onRetry={market.reload} /> : null}
      {!d && !market.error ? <Skeleton lines={2} /> : null}
    </Page>
  );
}
