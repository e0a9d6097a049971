/** The global loading overlay and the toast stack, rendered once by the shell. */
import { useTranslation } from 'react-i18next';
import { useOverlay } from '../runtime/overlay';
import { useToasts } from '../runtime/toast';

export function LoadingOverlay() {
  const pending = useOverlay((s) => s.pending);
  const { t } = useTranslation('common');
  if (pending === 0) return null;
  return (
    <div className="overlay" data-testid="loading-overlay">
      <div className="overlay__box" role="status"><span className="spinner" aria-hidden /> {t('loading')}</div>
    </div>
  );
}

export function Toasts() {
  const items = useToasts((s) => s.items);
  return (
    <div className="toasts" aria-live="assertive" role="status">
      {items.map((t) => (<div key={t.id} className={`toast toast--${t.kind}`}>{t.text}</div>))}
    </div>
  );
}
