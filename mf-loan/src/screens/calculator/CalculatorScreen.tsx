/** mortgage_calculator: enter an amount (configured bounds), see the server's fee breakdown. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toApiError, call, endpoints, useRequest, type LoanFigures, type MarketConfig, type Product } from 'shared';
import { Button, ErrorState, LicensedLenderNote, Page, SelectField, Skeleton, TextField, useErrorText, moneyInText } from 'shared/ui';
import { Figures } from '../../features/Figures';
import { OUT_OF_RANGE, amountErrorKey, calculatorBounds, calculatorSchema, parseAmount, type CalculatorForm } from '../../features/calculatorForm';

import '../../loan.css';

export default function CalculatorScreen() {
  const { t } = useTranslation('loan');
  const cfg = useRequest(endpoints.marketConfig, {});
  const prods = useRequest(endpoints.productList, {});
  const failed = cfg.error ?? prods.error;
  const retry = () => {
    cfg.reload();
    prods.reload();
  };
  return (
    <Page title={t('calc.title')}>
      {failed && !(cfg.data && prods.data) ? <ErrorState error={failed} onRetry={retry} /> : null}
      {!failed && !(cfg.data && prods.data) ? <Skeleton lines={4} height={40} /> : null}
      {cfg.data && prods.data ? <Calculator config={cfg.data} products={prods.data.products} /> : null}
    </Page>
  );
}

function Calculator({ config, products }: { config: MarketConfig; products: Product[] }) {
  const { t } = useTranslation('loan');
  const errorText = useErrorText();
  const boundsOf = useCallback(
    (id?: string) => calculatorBounds(config.calculator, products.find((p) => p.productId === id) ?? products[0]),
    [config, products],
  );
  const [figures, setFigures] = useState<LoanFigures | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CalculatorForm>({
    // the amount's bounds follow the chosen product
    resolver: (values, ctx, opts) => zodResolver(calculatorSchema(boundsOf(values.productId)))(values, ctx, opts),
    defaultValues: { productId: products[0]?.productId, tenureDays: products[0]?.tenures[0] },
  });
  const productId = watch('productId');
  const product = products.find((p) => p.productId === productId) ?? products[0];
  const bounds = useMemo(() => boundsOf(productId), [boundsOf, productId]);
  // the products can change under the form: a pre-rendered page starts from the answers it was rendered with, then the
  // API's arrive; a choice the products no longer offer (a tenure with no list to change it in) is never sent
  useEffect(() => {
    if (!product) return;
    if (product.productId !== getValues('productId')) setValue('productId', product.productId);
    if (!product.tenures.includes(getValues('tenureDays') as number)) setValue('tenureDays', product.tenures[0]);
  }, [product, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const r = await call(endpoints.calculator, values);
      setFigures(r.figures);
    } catch (e) {
      const err = toApiError(e);
      if (err.fields?.amount) setError('amount', { message: err.fields.amount });
      else if (err.data && typeof err.data === 'object' && 'min' in err.data) setError('amount', { message: OUT_OF_RANGE });
      else setFailure(err.message);
    }
  });

  const rawAmount = () => getValues('amount');
  const amountKey = amountErrorKey(errors.amount?.message, rawAmount());
  const amountError = amountKey === OUT_OF_RANGE ? t('calc.outOfRange', { min: moneyInText(bounds.min), max: moneyInText(bounds.max) }) : errorText(amountKey);

  return (
    <form onSubmit={onSubmit} noValidate className="loan-actions" style={{ gap: 12 }}>
      <p className="loan-muted">{t('calc.intro')}</p>
      <LicensedLenderNote />
      <TextField
        label={t('calc.amount')}
        inputMode="numeric"
        pattern="[0-9]*"
        ltr
        enterKeyHint="done"
        hint={t('calc.range', { min: moneyInText(bounds.min), max: moneyInText(bounds.max) })}
        error={amountError}
        {...register('amount', { setValueAs: parseAmount })}
      />
      {products.length > 1 ? (
        <SelectField
          label={t('calc.product')}
          options={products.map((p) => ({ value: p.productId, label: `${p.name} · ${p.lenderName}` }))}
          {...register('productId', { onChange: (e) => setValue('tenureDays', products.find((p) => p.productId === e.target.value)?.tenures[0]) })}
        />
      ) : null}
      {product && product.tenures.length > 1 ? (
        <SelectField
          label={t('calc.tenure')}
          options={product.tenures.map((d) => ({ value: d, label: t('days', { count: d }) }))}
          {...register('tenureDays', { setValueAs: (v) => Number(v) })}
        />
      ) : null}
      <Button type="submit" block busy={isSubmitting}>
        {t('calc.calculate')}
      </Button>
      {failure ? <ErrorState message={failure} onRetry={() => void onSubmit()} /> : null}
      {figures ? (
        <section className="card" aria-live="polite">
          <h2>{t('calc.result')}</h2>
          <Figures figures={figures} testId="calc-figures" />
        </section>
      ) : null}
    </form>
  );
}
