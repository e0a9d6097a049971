/** user_center/settings: the app version, links, texted and pushed notices on or off, and log out. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, go, logout, toast, useRequest, useSession } from 'shared';
import { Button, Dialog, Ltr, Page } from 'shared/ui';
import { RunningVersions } from './RunningVersions';
import { PushSwitch } from './PushSwitch';
import { SwitchRow } from './SwitchRow';
import { MenuLink } from '../../features/MenuLink';
import '../../usercenter.css';

/** Set by the build (rspack DefinePlugin) from the workspace version. */
const APP_VERSION = process.env.APP_VERSION;
const SERVER_LOGOUT_WAIT_MS = 4000;

/** notices and reminders as texts, or only in the inbox (issue 41), the server keeping the choice; and pushed to this device or not */
function NoticeTexts() {
  const { t } = useTranslation('usercenter');
  const saved = useRequest(endpoints.noticeSettings, {});
  const [on, setOn] = useState<boolean | null>(null);
  const value = on ?? saved.data?.texts;
  if (value === undefined) return null;
  const change = async (texts: boolean) => setOn((await call(endpoints.saveNoticeSettings, { texts }, { overlay: false })).texts);
  return (
    <>
      <SwitchRow label={t('settings.texts')} hint={t('settings.textsHint')} checked={value} onToggle={change} testId="settings-texts" />
      {saved.data ? <PushSwitch pushKey={saved.data.pushKey} /> : null}
    </>
  );
}

export default function SettingsScreen() {
  const { t } = useTranslation('usercenter');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // the build of each part is for support calls and QA, not for borrowers: one tap on the version shows it
  const [partsShown, setPartsShown] = useState(false);
  const close = useCallback(() => setAsking(false), []);
  const leaving = useRef(false);
  const loggedIn = useSession((st) => Boolean(st.token?.Authorization));

  // Clear the session only once this (guarded) screen is gone: clearing it while it is
  // still mounted makes the guard send the borrower to login instead of home.
  useEffect(
    () => () => {
      if (!leaving.current) return;
      logout({ navigate: false });
      toast(t('common:exitedSuccessfully'), 'success');
    },
    [t],
  );

  const doLogout = async () => {
    setBusy(true);
    // Ends the session on the server too, but a slow network must not hold the borrower
    // here: the local log-out happens whatever the answer, after at most a few seconds.
    const ended = call(endpoints.logout, {}, { overlay: false }).catch(() => undefined);
    await Promise.race([ended, new Promise((r) => setTimeout(r, SERVER_LOGOUT_WAIT_MS))]);
    leaving.current = true;
    go('home', undefined, { replace: true });
  };

  return (
    <Page
      title={t('settings.title')}
      footer={
        <Button block variant="secondary" onClick={() => setAsking(true)} data-testid="settings-logout">
          {t('settings.logout')}
        </Button>
      }
    >
      <ul className="list">
        <li className="list__item">
          <button type="button" className="list__link" data-testid="settings-version" aria-expanded={partsShown} onClick={() => setPartsShown((v) => !v)}>
            <span>{t('settings.version')}</span>
            <span className="uc-version">
              <Ltr>{APP_VERSION}</Ltr>
            </span>
          </button>
          {partsShown ? <RunningVersions /> : null}
        </li>
        <MenuLink route="language">{t('menu.language')}</MenuLink>
        {loggedIn ? <NoticeTexts /> : null}
        <MenuLink route="openApp">{t('menu.openApp')}</MenuLink>
      </ul>
      <h2 className="uc-section-title">{t('settings.about')}</h2>
      <ul className="list">
        <MenuLink route="privacyPolicy">{t('menu.privacyPolicy')}</MenuLink>
        <MenuLink route="termsCondition">{t('menu.termsCondition')}</MenuLink>
        <MenuLink route="dataPolicy">{t('menu.dataPolicy')}</MenuLink>
      </ul>
      <Dialog
        open={asking}
        title={t('settings.logoutTitle')}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('common:cancel')}
            </Button>
            <Button variant="danger" onClick={doLogout} busy={busy} data-testid="settings-logout-confirm">
              {t('settings.logoutConfirm')}
            </Button>
          </>
        }
      >
        <p className="uc-muted">{t('settings.logoutBody')}</p>
      </Dialog>
    </Page>
  );
}
