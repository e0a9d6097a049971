/** Notifications on this device (web push, issue 41): on only when the borrower turns it on; hidden where the browser has no push. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, toast } from 'shared';
import { PushDenied, pushRegistration, subscribeDevice } from './devicePush';
import { SwitchRow } from './SwitchRow';

export function PushSwitch({ pushKey }: { pushKey: string }) {
  const { t } = useTranslation('usercenter');
  const [reg, setReg] = useState<ServiceWorkerRegistration | null>(null);
  const [on, setOn] = useState<boolean | null>(null);

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
      if (!(err instanceof PushDenied)) throw err;
      toast(t('settings.pushDenied'), 'error');
    }
  };
  return <SwitchRow label={t('settings.push')} hint={t('settings.pushHint')} checked={on} onToggle={change} testId="settings-push" />;
}
