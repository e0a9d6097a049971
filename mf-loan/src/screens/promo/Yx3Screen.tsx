/** /yx3: enter a mobile number to see the loan amount available; leads into login/register and the real flow. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  ApiError, Button, ErrorState, ExistsByMobileRequest, Page, Skeleton, TextField, call, endpoints, formatMoney, go, isLoggedIn, pathFor, useErrorText, useRequest,
} from 'shared';
import type { z } from 'zod';
import { ltr } from '../../features/rates';
import '../../loan.css';

type Form = z.infer<typeof ExistsByMobileRequest>;

export default function Yx3Screen() {
  const { t } = useTranslation('loan');
  const errorText = useErrorText();
  const market = useRequest(endpoints.marketIndex, {});
  const [result, setResult] = useState<{ exists: boolean; mobile: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Form>({ resolver: zodResolver(ExistsByMobileRequest) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setResult(null);
    try {
      const r = await call(endpoints.existsByMobile, values);
      setResult({ exists: r.exists, mobile: values.mobile });
    } catch (e) {
      const err = e as ApiError;
      if (err.fields?.mobile) setError('mobile', { message: err.fields.mobile });
      else setFailure(err.message);
    }
  });

  const toBorrow = pathFor('toBorrow');
  const d = market.data;
  return (
    <Page title={t('promo.yx3.title')}>
      <section className="loan-hero"><h2>{t('promo.yx3.headline')}</h2></section>
      {d?.loggedIn ? (
        <section className="card loan-actions" data-testid="yx3-result">
          <h2>{t('promo.yx3.yourLimit', { amount: ltr(formatMoney(d.availableLimit)) })}</h2>
          <Button block onClick={() => go('toBorrow')}>{t('promo.yx3.apply')}</Button>
        </section>
      ) : (
        <form className="card loan-actions" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('promo.yx3.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            enterKeyHint="go"
            ltr
            placeholder={t('promo.yx3.mobileHint')}
            error={errorText(errors.mobile?.message)}
            {...register('mobile')}
          />
          <Button type="submit" block busy={isSubmitting}>{t('promo.yx3.check')}</Button>
          {failure ? <p className="field__error" role="alert">{failure}</p> : null}
        </form>
      )}
      {market.error && !d ? <ErrorState message={market.error.network ? undefined : market.error.message} onRetry={market.reload} /> : null}
      {!d && !market.error ? <Skeleton lines={2} /> : null}
      {result && d && !isLoggedIn() ? (
        <section className="card loan-actions" data-testid="yx3-result" aria-live="polite">
          {result.exists ? (
            <>
              <h2>{t('promo.yx3.existing')}</h2>
              <Button block onClick={() => go('login', { mobile: result.mobile, redirect: toBorrow })}>{t('promo.yx3.login')}</Button>
            </>
          ) : (
            <>
              <h2>{t('promo.yx3.newUser', { amount: ltr(formatMoney(d.config.firstLoanCap)) })}</h2>
              <p className="loan-muted">{t('promo.yx3.newUserSub')}</p>
              <Button block onClick={() => go('register', { mobile: result.mobile, redirect: toBorrow })}>{t('promo.yx3.register')}</Button>
            </>
          )}
        </section>
      ) : null}
    </Page>
  );
}
