/**
 * QA builds only (SignIn.tsx imports this behind NATIVE_SIM): the server's test-borrower fixtures,
 * listed by the dev controls (`GET /__dev/fixtures`, proxied same-origin; nothing is shown when the
 * server has none, as in production). A tap makes a fresh borrower in that state
 * (`POST /__dev/fixture`), signs it in and opens the screen QA came for, with its order.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../session/login';
import type { UserInfo } from '../contract/schemas/security';
import { Button } from 'shared/ui';
import { registerResources } from '../i18n/setup';
import { withFixtureOrder } from '../contract/testBorrower';
import { qaFixtureStrings } from './fixtureStrings';

registerResources('qaFixtures', qaFixtureStrings);

interface Fixture {
  token: string;
  user: UserInfo;
  orderNo: string | null;
}

export default function QaFixtures({ home }: { home: string }) {
  const { t } = useTranslation('qaFixtures');
  const [states, setStates] = useState<string[]>([]);
  const [making, setMaking] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetch('/__dev/fixtures')
      .then((r) => (r.ok ? r.json() : { states: [] }))
      .then((b: { states?: unknown }) => live && setStates(Array.isArray(b.states) ? b.states.filter((s): s is string => typeof s === 'string') : []))
      .catch(() => undefined); // no dev controls here: no fixtures
    return () => {
      live = false;
    };
  }, []);

  const make = async (state: string) => {
    setMaking(state);
    setFailed(null);
    try {
      const r = await fetch('/__dev/fixture', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state }) });
      const b = (await r.json()) as Partial<Fixture> & { ok?: boolean; error?: string; message?: string };
      if (!r.ok || !b.ok || !b.token || !b.user) throw new Error(b.error ?? b.message ?? String(r.status));
      await completeLogin(b.token, b.user, withFixtureOrder(home, b.orderNo ?? null));
    } catch (e) {
      setFailed(e instanceof Error ? e.message : String(e));
    } finally {
      setMaking(null);
    }
  };

  if (!states.length) return null;
  return (
    <section className="qa-fixtures" data-testid="qa-fixtures" aria-busy={making !== null}>
      <h2>{t('title')}</h2>
      <p>{t('intro')}</p>
      {states.map((s) => (
        <Button key={s} variant="secondary" block busy={making === s} disabled={making !== null} onClick={() => void make(s)} data-testid={`qa-fixture-${s}`}>
          {t(`states.${s}`, { defaultValue: s })}
        </Button>
      ))}
      {making ? <p role="status">{t('making')}</p> : null}
      {failed ? <p role="alert">{t('failed', { reason: failed })}</p> : null}
    </section>
  );
}
