/** records: every order with its status text and hint; pull to refresh; 'no data' when empty. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, useSession, type OrderSummary } from 'shared';
import { Button, EmptyState, ErrorState, Page, Skeleton, goLogin } from 'shared/ui';
import { isMoving } from '../../features/homeAction';
import { useAutoRefresh } from '../../features/useAutoRefresh';
import { usePullToRefresh } from '../../features/usePullToRefresh';
import { RecordItem } from './RecordItem';
import '../../loan.css';

const PAGE_SIZE = 20;

export default function RecordsScreen() {
  const { t } = useTranslation('loan');
  const loggedIn = useSession((s) => !!s.token);
  return (
    <Page title={t('records.title')} back={false}>
      {loggedIn ? (
        <Records />
      ) : (
        <EmptyState title={t('records.loginTitle')}>
          <Button onClick={() => goLogin()}>{t('records.login')}</Button>
        </EmptyState>
      )}
    </Page>
  );
}

function Records() {
  const { t } = useTranslation('loan');
  const [items, setItems] = useState<OrderSummary[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [loadingPage, setLoadingPage] = useState<number | null>(null);

  const load = useCallback(async (p: number) => {
    setLoadingPage(p);
    setError(null);
    try {
      const r = await call(endpoints.orderList, { page: p, pageSize: PAGE_SIZE }, { overlay: false });
      setItems((prev) => (p === 1 ? r.items : [...(prev ?? []), ...r.items]));
      setTotal(r.total);
      setPage(p);
    } catch (e) {
      setError(e);
    } finally {
      setLoadingPage(null);
    }
  }, []);

  const refresh = useCallback(() => void load(1), [load]);
  useEffect(refresh, [refresh]);
  const pulling = usePullToRefresh(refresh);
  useAutoRefresh(refresh, !!items?.some((o) => isMoving(o.status)));

  if (!items && error) return <ErrorState error={error} onRetry={refresh} />;
  if (!items) return <Skeleton lines={6} height={22} />;
  return (
    <>
      <div className="loan-record__row">
        <span className="loan-muted" aria-live="polite">
          {pulling ? t('records.release') : t('records.pullHint')}
        </span>
        <Button variant="ghost" onClick={refresh} busy={loadingPage === 1}>
          {t('records.refresh')}
        </Button>
      </div>
      {error ? <ErrorState error={error} onRetry={refresh} /> : null}
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="list" data-testid="records">
          {items.map((o) => (
            <RecordItem key={o.orderNo} order={o} />
          ))}
        </ul>
      )}
      {items.length < total ? (
        <Button variant="secondary" block busy={loadingPage !== null && loadingPage > 1} onClick={() => void load(page + 1)}>
          {t('records.more')}
        </Button>
      ) : null}
    </>
  );
}
