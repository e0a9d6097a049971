/** home (/): the marketplace for visitors; the status card and products for a logged-in borrower. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, go, pathFor, useRequest, useSession, type Product, reportOrderMilestones, ACTIVE_STATUSES, RouteLink } from 'shared';
import { EmptyState, ErrorState, LicensedLenderNote, Skeleton, Page, goLogin, moneyInText } from 'shared/ui';
import { isMoving } from '../../features/homeAction';
import { useAutoRefresh } from '../../features/useAutoRefresh';
import { useReloadAt } from '../../features/useReloadAt';
import { StatusCard } from './StatusCard';
import { ProductCard } from './ProductCard';
import { borrowCap } from '../../features/borrowCap';
import { RecentLoans } from './RecentLoans';
import '../../loan.css';

export default function HomeScreen() {
  const token = useSession((s) => s.token?.Authorization ?? null);
  // logging in or out (also from the native wrapper) mounts a fresh view
  return <HomeView key={token ?? 'guest'} loggedIn={!!token} />;
}

function HomeView({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('loan');
  const { data, error, loading, reload } = useRequest(endpoints.marketIndex, {});
  useAutoRefresh(reload, !!data && isMoving(data.homeStatus));
  useReloadAt(reload, data?.homeStatus === 'rejected' ? data.latestOrder?.reapplyAt : null); // the refusing lender reopens
  useEffect(() => reportOrderMilestones(data?.latestOrder), [data]); // paid out / paid off, seen here first

  const apply = (p: Product) => {
    if (!loggedIn) goLogin(pathFor('toBorrow', { productId: p.productId }));
    else go('toBorrow', { productId: p.productId });
  };

  return (
    <Page title={t('home.title')} back={false}>
      {error && !data ? <ErrorState error={error} onRetry={reload} /> : null}
      {!data && loading ? <Skeleton lines={6} height={22} /> : null}
      {data ? (
        <>
          {data.loggedIn ? (
            <StatusCard
              status={data.homeStatus}
              order={data.latestOrder}
              availableLimit={data.availableLimit}
              creditLimit={data.creditLimit}
              config={data.config}
              openProducts={data.products.filter((p) => p.available)}
            />
          ) : null}
          {data.cardCoupon > 0 ? (
            <p className="badge" style={{ whiteSpace: 'normal' }} data-testid="card-coupon">
              {t(couponOnThisLoan(data.latestOrder) ? 'home.cardCouponThisLoan' : 'home.cardCoupon', { amount: moneyInText(data.cardCoupon) })}
            </p>
          ) : null}
          <h2 className="loan-section-title">{t('home.products')}</h2>
          <p className="loan-muted">{t('home.productsHint')}</p>
          {data.products.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="loan-actions" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }} data-testid="products">
              {data.products.map((p) => (
                <ProductCard
                  key={p.productId}
                  product={p}
                  cap={borrowCap(data)}
                  loggedIn={data.loggedIn}
                  onApply={apply}
                  reopensAt={data.homeStatus === 'rejected' && data.latestOrder?.lenderName === p.lenderName ? data.latestOrder.reapplyAt : null}
                />
              ))}
            </ul>
          )}
          {data.config.maxCreditLimit ? <p className="loan-muted">{t('home.raiseClaim', { max: moneyInText(data.config.maxCreditLimit) })}</p> : null}
          <RouteLink to="mortgageCalculator" className="btn btn--ghost">
            {t('home.calculator')}
          </RouteLink>
          <RecentLoans />
          <footer>
            <LicensedLenderNote />
          </footer>
        </>
      ) : null}
    </Page>
  );
}

/** an order not paid out yet gets the unused coupon at payout (else the next loan paid out does) */
const couponOnThisLoan = (o: { status: number; disbursedAt: string | null } | null) =>
  !!o && (ACTIVE_STATUSES as readonly number[]).includes(o.status) && !o.disbursedAt;
