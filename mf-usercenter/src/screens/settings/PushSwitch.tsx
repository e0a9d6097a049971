/** Notifications on this device (web push, issue 41): on only when the borrower turns it on; hidden where the browser has no push. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessageOf, toast } from 'shared';
import { PushDenied, pushRegistration, subscribeDevice } from './devicePush';

export function PushSwitch({ pushKey }: { pushKey: string }) {
  const { t } = useTranslation('usercenter');
  const [reg, setReg] = useState<ServiceWorkerRegistration | null>(null);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const r = await pushRegistration().catch(() => null);
      const sub = r ? await r.pushManager.getSubscription() : null;
      if (!live || !r) return;
      setReg(r);
      setOn(sub !== null && Notification.permission === 'granted');
    })();
    return () => {
      live = false;
    };
  }, []);
  if (!reg || on === null) return null;

  const change = async (want: boolean) => {
    setBusy(true);
    try {
      if (want) {
        const sub = await subscribeDevice(reg, pushKey);
        await call(endpoints.pushSubscribe, { endpoint: sub.endpoint!, keys: { p256dh: sub.keys!.p256dh, auth: sub.keys!.auth } }, { overlay: false });
      } else {
        const sub = await reg.pushManager.getSubscription();
        if (sub) {
          await sub.unsubscribe();
          await call(endpoints.pushUnsubscribe, { endpoint: sub.endpoint }, { overlay: false });
        }
      }
      setOn(want);
    } catch (err) {
      toast(err instanceof PushDenied ? t('settings.pushDenied') : errorMessageOf(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="list__item">
      <label className="uc-switch">
        <span>
          {t('settings.push')}
          <br />
          <span className="uc-muted">{t('settings.pushHint')}</span>
        </span>
        <input type="checkbox" role="switch" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} data-testid="settings-push" />
      </label>
    </li>
  );
}
