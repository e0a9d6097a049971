/** borrow/to_borrow: choose product, amount (step amounts within the credit limit) and tenure; see the cost; apply. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MILESTONES, toApiError, logMilestone, ErrorCode, call, endpoints, go, useRequest, type Product, useSearchParams } from 'shared';
import { Button, EmptyState, ErrorState, Page, RadioGroup, SelectField, Skeleton, moneyInText, dateInText } from 'shared/ui';
import { Figures } from '../../features/Figures';
import { homeAction, isUnfinishedApplication } from '../../features/homeAction';
import { afterApply } from '../../features/afterApply';
import { borrowableProducts, withdrawalWaitEnds } from '../../features/borrowable';
import { clearDraft, readDraft, writeDraft } from '../../features/draft';
import { useMarket } from '../../features/useMarket';

import { AmountPicker, defaultAmount } from './AmountPicker';
import '../../loan.css';

export const BORROW_DRAFT = 'toBorrow';
interface Draft {
  productId: string;
  amount: number;
  tenureDays: number;
}

export default function ToBorrowScreen() {
  const { t } = useTranslation('loan');
  const market = useMarket();
  const [params] = useSearchParams();
  const d = market.data;
  const usable = d ? borrowableProducts(d) : null;
  const waitEnds = d ? withdrawalWaitEnds(d.latestOrder) : null;

  let body;
  if (!d && market.error) body = <ErrorState error={market.error} onRetry={market.reload} />;
  else if (!d) body = <Skeleton lines={5} height={40} />;
  else if (!usable) {
    const target = homeAction(d.homeStatus, d.latestOrder);
    body = (
      <EmptyState
        title={
          d.homeStatus === 'rejected' ? t('home.card.rejected.title') : isUnfinishedApplication(d.latestOrder) ? t('home.continueTitle') : t('borrow.busyOrder')
        }
      >
        <Button onClick={() => go(target.route, target.query)}>{isUnfinishedApplication(d.latestOrder) ? t('home.continue') : t('borrow.viewOrder')}</Button>
      </EmptyState>
    );
  } else {
    if (waitEnds) body = <EmptyState title={t('borrow.withdrawnWait', { date: dateInText(waitEnds) })} />;
    else if (d.availableLimit <= 0) body = <EmptyState title={t('borrow.limitZero')} />;
    else if (usable.length === 0) body = <EmptyState title={t('borrow.noProducts')} />;
    else return <BorrowForm products={usable} creditLimit={d.availableLimit} initialProduct={params.get('productId')} />;
  }
  return <Page title={t('borrow.title')}>{body}</Page>;
}

function BorrowForm({ products, creditLimit, initialProduct }: { products: Product[]; creditLimit: number; initialProduct: string | null }) {
  const { t } = useTranslation('loan');
  const saved = useMemo(() => readDraft<Draft>(BORROW_DRAFT), []);
  const [productId, setProductId] = useState(() => {
    const wanted = initialProduct ?? saved.productId;
    return products.find((p) => p.productId === wanted)?.productId ?? products[0]!.productId;
  });
  const product = products.find((p) => p.productId === productId)!;
  const steps = useRequest(endpoints.stepAmount, { productId });
  const amounts = useMemo(
    () => (steps.data?.amounts ?? []).filter((a) => a <= Math.min(creditLimit, product.maxAvailable)),
    [steps.data, creditLimit, product],
  );
  const tenures = steps.data?.tenures ?? product.tenures;
  const [amount, setAmount] = useState<number | undefined>(saved.productId === productId ? saved.amount : undefined);
  const [tenureDays, setTenure] = useState<number | undefined>(saved.productId === productId ? saved.tenureDays : undefined);

  // keep the choice valid for the product (a modest amount and the first tenure by default)
  useEffect(() => {
    if (amounts.length && (amount === undefined || !amounts.includes(amount))) setAmount(defaultAmount(amounts));
  }, [amounts, amount]);
  useEffect(() => {
    if (tenures.length && (tenureDays === undefined || !tenures.includes(tenureDays))) setTenure(tenures[0]);
  }, [tenures, tenureDays]);
  useEffect(() => {
    if (amount !== undefined && tenureDays !== undefined) writeDraft<Draft>(BORROW_DRAFT, { productId, amount, tenureDays });
  }, [productId, amount, tenureDays]);

  const ready = amount !== undefined && tenureDays !== undefined && amounts.includes(amount) && tenures.includes(tenureDays);
  const preview = useRequest(endpoints.loanAgreement, { productId, amount, tenureDays }, { enabled: ready });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const apply = async () => {
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await call(endpoints.applyMarket, { productId, amount: amount!, tenureDays: tenureDays! });
      logMilestone(MILESTONES.apply, { orderNo: r.order.orderNo, productId, amount: amount!, tenureDays: tenureDays! });
      clearDraft(BORROW_DRAFT);
      const next = afterApply(r.order);
      go(next.route, next.query, { replace: true });
    } catch (e) {
      const err = toApiError(e);
      const data = (err.data ?? {}) as { reapplyAt?: string; days?: number };
      if (err.code === ErrorCode.reapplyLater && data.reapplyAt)
        setFailure(t('home.card.rejected.body', { days: data.days, date: dateInText(data.reapplyAt) }));
      else if (err.code === ErrorCode.reapplyAfterWithdrawal && data.reapplyAt) setFailure(t('borrow.withdrawnWait', { date: dateInText(data.reapplyAt) }));
      else setFailure(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('borrow.title')}
      footer={
        <Button block busy={busy} disabled={!ready} onClick={() => void apply()}>
          {t('borrow.apply')}
        </Button>
      }
    >
      {products.length > 1 ? (
        <SelectField
          label={t('borrow.product')}
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
          options={products.map((p) => ({ value: p.productId, label: `${p.name} · ${p.lenderName}` }))}
        />
      ) : (
        <p>
          <strong>{product.name}</strong> · {product.lenderName}
        </p>
      )}
      {steps.error && !steps.data ? <ErrorState error={steps.error} onRetry={steps.reload} /> : null}
      {!steps.data && !steps.error ? <Skeleton lines={2} height={40} /> : null}
      {steps.data ? (
        <>
          {amount !== undefined && amounts.length ? (
            <AmountPicker amounts={amounts} value={amount} onChange={setAmount} hint={t('borrow.amountHint', { limit: moneyInText(creditLimit) })} />
          ) : null}
          <RadioGroup
            label={t('borrow.tenure')}
            name="tenure"
            value={tenureDays ?? null}
            onChange={(v) => setTenure(Number(v))}
            options={tenures.map((d) => ({ value: d, label: t('days', { count: d }) }))}
          />
        </>
      ) : null}
      {ready ? (
        <section className="card" aria-busy={preview.loading}>
          <h2>{t('borrow.summary')}</h2>
          {preview.data ? <Figures figures={preview.data.figures} testId="borrow-figures" /> : null}
          {!preview.data && preview.loading ? <Skeleton lines={6} /> : null}
          {preview.error && !preview.loading ? <ErrorState error={preview.error} onRetry={preview.reload} /> : null}
          <button type="button" className="btn btn--ghost" onClick={() => go('agreement', { productId, amount, tenureDays })}>
            {t('borrow.agreementLink')}
          </button>
        </section>
      ) : null}
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </Page>
  );
}
