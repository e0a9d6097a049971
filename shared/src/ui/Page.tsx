import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { goBack } from 'shared';
import { BackIcon } from './icons';

export interface NavBarProps {
  title: ReactNode;
  /** show a back button (default true); a function replaces the default history back */
  back?: boolean | (() => void);
}

export function NavBar({ title, back = true }: NavBarProps) {
  const { t } = useTranslation('common');
  return (
    <header className="navbar">
      {back ? (
        <button type="button" className="navbar__back" aria-label={t('back')} onClick={typeof back === 'function' ? back : goBack}>
          <BackIcon />
        </button>
      ) : (
        <span style={{ inlineSize: 12 }} />
      )}
      <h1 className="navbar__title">{title}</h1>
    </header>
  );
}

export interface PageProps extends NavBarProps {
  children: ReactNode;
  /** the primary action, pinned at the bottom within thumb reach */
  footer?: ReactNode;
}

export function Page({ title, back, children, footer }: PageProps) {
  return (
    <div className="page">
      <NavBar title={title} back={back} />
      {/* the pinned action inside the main landmark: a screen reader finds it with the screen it acts on */}
      <main className="page__main">
        <div className="page__body">{children}</div>
        {footer ? <div className="page__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
