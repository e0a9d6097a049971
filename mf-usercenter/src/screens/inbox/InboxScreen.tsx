/**
 * The inbox (issue 41): the notices the server wrote for the borrower (approved, paid out, payment received,
 * reminders, overdue), newest first, in the app's language; those unread when the screen opened are marked, and
 * the screen marks them all read once shown (the unread count on Me then falls to none).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, useRequest } from 'shared';
import { EmptyState, ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import type { Notice } from 'shared/schemas';
import '../../usercenter.css';

function Item({ n }: { n: Notice }) {
  const { t } = useTranslation('usercenter');
  return (
    <li className={n.read ? 'card uc-notice' : 'card uc-notice uc-notice--unread'} data-testid="inbox-notice">
      <p className="uc-ticket__head">
        <span className="uc-notice__title">{n.title}</span>
        {n.read ? null : <span className="badge badge--warn">{t('inbox.new')}</span>}
      </p>
      <p>{n.body}</p>
      <p className="uc-muted">
        <Ltr>{n.at.slice(0, 10)}</Ltr>
      </p>
    </li>
  );
}

export default function InboxScreen() {
  const { t } = useTranslation('usercenter');
  const list = useRequest(endpoints.noticeList, {});
  const marked = useRef(false);
  const unread = list.data?.unread ?? 0;
  useEffect(() => {
    if (!unread || marked.current) return;
    marked.current = true;
    // shown: read (the list keeps its marks until the next visit)
    void call(endpoints.noticeRead, {}, { overlay: false }).catch(() => undefined);
  }, [unread]);
  return (
    <Page title={t('inbox.title')}>
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Skeleton />
      ) : list.data.notices.length === 0 ? (
        <EmptyState title={t('inbox.empty')}>
          <p className="uc-muted">{t('inbox.emptyHint')}</p>
        </EmptyState>
      ) : (
        <ul className="uc-notices" data-testid="inbox-list" aria-label={t('inbox.title')}>
          {list.data.notices.map((n) => (
            <Item key={n.id} n={n} />
          ))}
        </ul>
      )}
    </Page>
  );
}
