import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
  /** shows a spinner and disables the button while true */
  busy?: boolean;
}

export function Button({ variant = 'primary', block, busy, disabled, children, className, type = 'button', ...rest }: ButtonProps) {
  const { t } = useTranslation('common');
  const cls = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? ''].join(' ').trim();
  return (
    <button type={type} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden /> <span>{t('submitting')}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
