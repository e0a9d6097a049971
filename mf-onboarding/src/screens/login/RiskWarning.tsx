/**
 * The risk warning a market profile asks before sign-up (issue 29, pk-secp): its text in English and
 * Urdu here, versioned by the server's profile (marketConfig profile.riskWarningVersion). Acknowledged
 * on the phone before the login form shows; sent to the server once signed in (`sendRiskAcknowledgement`),
 * which keeps it with the version and time and refuses a loan application without it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, go, useRequest } from 'shared';
import { Button, Checkbox, LicensedLenderNote, Page } from 'shared/ui';
import { readLocal, writeLocal } from '../../features/storage';

const ACK_KEY = 'riskWarning:acknowledged';

/** the warning until its version is acknowledged on this phone, then `children` (the login form) */
export function RiskWarningGate({ children }: { children: ReactNode }) {
  const config = useRequest(endpoints.marketConfig, {});
  const version = config.data?.profile?.riskWarningVersion ?? null;
  const [acked, setAcked] = useState(() => readLocal<string>(ACK_KEY));
  // asking the server: neither yet (no form shown a moment before the warning); once answered (or failed), never
  // again: a refresh of the configuration (back online, the worker's copy renewed) must not unmount the login form
  // under a borrower's typing or a code being sent
  const decided = useRef(false);
  if (!config.loading || config.data !== undefined) decided.current = true;
  if (!decided.current) return null;
  // a market without a warning (or a server that does not say): the form; the server still refuses applying without it
  if (!version || acked === version) return <>{children}</>;
  return (
    <RiskWarning
      onAccept={() => {
        writeLocal(ACK_KEY, version);
        setAcked(version);
      }}
    />
  );
}

function RiskWarning({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation('onboarding');
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState(false);
  const points = t('riskWarning.points', { returnObjects: true }) as string[];
  return (
    <Page
      title={t('riskWarning.title')}
      footer={
        <Button block onClick={() => (ticked ? onAccept() : setError(true))} data-testid="risk-warning-accept">
          {t('riskWarning.accept')}
        </Button>
      }
    >
      <section className="ob-section" data-testid="risk-warning">
        <p className="ob-notice" role="note">
          {t('riskWarning.intro')}
        </p>
        <ul>
          {points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <LicensedLenderNote />
        <p>
          <button type="button" className="link-button" onClick={() => go('mortgageCalculator')}>
            {t('riskWarning.calculator')}
          </button>
        </p>
        <Checkbox
          label={t('riskWarning.acknowledge')}
          checked={ticked}
          error={error && !ticked ? t('riskWarning.required') : undefined}
          onChange={(e) => setTicked(e.currentTarget.checked)}
        />
      </section>
    </Page>
  );
}

/** after sign-in: the warning acknowledged on this phone, sent to the server (kept there with its version and time) */
export async function sendRiskAcknowledgement(lang: 'en' | 'ur'): Promise<void> {
  const version = readLocal<string>(ACK_KEY);
  if (version) await call(endpoints.acknowledgeRiskWarning, { version, lang });
}
