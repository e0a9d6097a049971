/** me (tab): the login entry or the borrower's number, and the user-centre menu. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, useSession } from 'shared';
import { Button, goLogin, ErrorState, Ltr, Page, UserIcon } from 'shared/ui';
import { MenuLink } from '../../features/MenuLink';
import '../../usercenter.css';

function Profile() {
  const { t } = useTranslation('usercenter');
  const stored = useSession((s) => s.userInfo);
  // the stored copy shows at once; the fresh one replaces it
  const fresh = useRequest(endpoints.getUserInfo, {});
  const masked = fresh.data?.maskedMobile ?? stored?.maskedMobile;
  return (
    <section className="card uc-profile" aria-label={t('me.account')} data-testid="me-profile">
      <span className="uc-avatar">
        <UserIcon />
      </span>
      <div className="uc-profile__text">
        <span className="uc-contact__label">{t('me.account')}</span>
        {masked ? (
          <p className="uc-profile__name" data-testid="me-mobile">
            <Ltr>{masked}</Ltr>
          </p>
        ) : fresh.error ? (
          <ErrorState error={fresh.error} onRetry={fresh.reload} />
        ) : (
          <div className="skeleton" style={{ blockSize: 22, inlineSize: 140 }} />
        )}
      </div>
    </section>
  );
}

function Guest() {
  const { t } = useTranslation('usercenter');
  return (
    <section className="card uc-profile" data-testid="me-guest">
      <span className="uc-avatar">
        <UserIcon />
      </span>
      <div className="uc-profile__text" style={{ flex: 1 }}>
        <p className="uc-profile__name">{t('me.guest')}</p>
        <p className="uc-muted">{t('me.guestHint')}</p>
        <Button onClick={() => goLogin()} data-testid="me-login" style={{ marginBlockStart: 8 }}>
          {t('me.login')}
        </Button>
      </div>
    </section>
  );
}

/** the inbox row, with the count of notices not read yet */
function InboxLink() {
  const { t } = useTranslation('usercenter');
  const unread = useRequest(endpoints.noticeList, {}).data?.unread ?? 0;
  return (
    <MenuLink route="inbox" testId="me-inbox">
      {t('menu.inbox')}
      {unread ? (
        <span className="badge badge--warn uc-count" data-testid="me-inbox-unread" aria-label={t('inbox.unread', { count: unread })}>
          {unread}
        </span>
      ) : null}
    </MenuLink>
  );
}

export default function MeScreen() {
  const { t } = useTranslation('usercenter');
  const loggedIn = useSession((s) => Boolean(s.token?.Authorization));
  // the market profile's grievance process, where it runs one
  const complaints = useRequest(endpoints.marketConfig, {}).data?.profile?.complaints;
  return (
    <Page title={t('me.title')} back={false}>
      {loggedIn ? <Profile /> : <Guest />}
      <nav aria-label={t('me.menu')}>
        <ul className="list" data-testid="me-menu">
          {loggedIn ? <InboxLink /> : null}
          <MenuLink route="faq" testId="me-faq">
            {t('menu.faq')}
          </MenuLink>
          <MenuLink route="aboutUs" testId="me-about">
            {t('menu.aboutUs')}
          </MenuLink>
          <MenuLink route="customerGuide" testId="me-guide">
            {t('menu.customerGuide')}
          </MenuLink>
          <MenuLink route="customerServices" testId="me-service">
            {t('menu.customerServices')}
          </MenuLink>
          {complaints ? (
            <MenuLink route="complaints" testId="me-complaints">
              {t('menu.complaints')}
            </MenuLink>
          ) : null}
          <MenuLink route="language" testId="me-language">
            {t('menu.language')}
          </MenuLink>
          <MenuLink route="settings" testId="me-settings">
            {t('menu.settings')}
          </MenuLink>
        </ul>
      </nav>
    </Page>
  );
}
