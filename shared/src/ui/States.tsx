/** Loading, empty and error states every loading screen uses. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGOUT_CODES, toApiError, useOnline } from 'shared';
import { Button } from './Button';
import { goLogin } from './goLogin';

export function Skeleton({ lines = 3, height = 18 }: { lines?: number; height?: number }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ blockSize: height, inlineSize: `${100 - (i % 3) * 15}%` }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="state">
      <p className="state__title">{title ?? t('noData')}</p>
      {children}
    </div>
  );
}

/**
 * A screen a visitor may open (outside the spec's guard list) that shows the borrower's own data: log in, and come back
 * here after (the wrapper's login in the app).
 */
export function SignInState() {
  const { t } = useTranslation('common');
  return (
    <div className="state" data-testid="sign-in-needed">
      <p className="state__title">{t('signIn.needed')}</p>
      <Button onClick={() => goLogin()}>{t('signIn.action')}</Button>
    </div>
  );
}

/**
 * `error`: what failed; its message is shown, except for a network failure, which gets the network text. A call refused
 * for want of a session (a visitor's) offers the log-in instead: trying again could never work.
 */
export function ErrorState({ message, error, onRetry }: { message?: ReactNode; error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  // without a network the banner says so; the screen says it will carry on by itself
  const online = useOnline();
  const failure = error == null ? null : toApiError(error);
  if (failure && LOGOUT_CODES.includes(failure.code)) return <SignInState />;
  const said = message ?? (failure && !failure.network ? failure.message : undefined);
  return (
    <div className="state" role="alert">
      <p className="state__title">{said ?? (online ? t('error.network') : t('offline.waiting'))}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}
