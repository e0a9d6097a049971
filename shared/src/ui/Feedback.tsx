/** The global loading overlay and the toast stack, rendered once by the shell. */
import { useTranslation } from 'react-i18next';
import { useOverlay, toastsFor, useToasts } from 'shared';

export function LoadingOverlay() {
  const pending = useOverlay((s) => s.pending);
  const { t } = useTranslation('common');
  if (pending === 0) return null;
  return (
    <div className="overlay" data-testid="loading-overlay">
      <div className="overlay__box" role="status">
        <span className="spinner" aria-hidden /> {t('loading')}
      </div>
    </div>
  );
}

/** `screen`: the route path shown now (error toasts of another screen are not shown). */
export function Toasts({ screen }: { screen: string }) {
  const items = toastsFor(
    useToasts((s) => s.items),
    screen,
  );
  return (
    <div className="toasts" aria-live="assertive" role="status">
      {items.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
