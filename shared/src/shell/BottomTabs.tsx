/** Bottom tabs Home, Records, Me on the tab screens: the platform's, as its links need the one router. */
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathFor, type RouteName } from '../routes/registry';
import { HomeIcon, ListIcon, UserIcon } from 'shared/ui';

export function BottomTabs() {
  const { t } = useTranslation('common');
  const tabs: { name: RouteName; label: string; Icon: typeof HomeIcon }[] = [
    { name: 'home', label: t('tabs.home'), Icon: HomeIcon },
    { name: 'records', label: t('tabs.records'), Icon: ListIcon },
    { name: 'me', label: t('tabs.me'), Icon: UserIcon },
  ];
  return (
    <nav className="tabs" aria-label={t('appName')}>
      <div className="tabs__inner">
        {tabs.map(({ name, label, Icon }) => (
          <NavLink key={name} to={pathFor(name)} end className="tabs__link">
            <Icon />
            <span>{label}</span>
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
