/**
 * Device permissions (spec section 2): each permission the market configuration enables, with
 * its explanation and an agreement checkbox. The required ones must be agreed to continue; the
 * optional ones may be refused (as the data policy says, from the same configuration). The
 * agreement is kept on the server with its version and time; the camera, the contact picker and
 * data collection wait for it, and send the borrower here first (?next= brings them back).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, call, currentUiLanguage, endpoints, errorMessage, errorMessageOf, go, toast, useRequest, useSearchParams } from 'shared';
import { Badge, Button, Checkbox, DateText, EmptyState, ErrorState, Page, Skeleton } from 'shared/ui';
import { afterConsent, missingRequired, rememberConsent } from '../../features/permissions';
import { useUserId } from '../../features/useDraft';
import '../../onboarding.css';

export default function PermissionsScreen() {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const config = useRequest(endpoints.marketConfig, {});
  const stored = useRequest(endpoints.consent, {});
  const userId = useUserId();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = config.data?.permissions.filter((p) => p.enabled) ?? [];
  const enabled = shown.map((p) => p.key);
  const required = shown.filter((p) => p.required).map((p) => p.key);
  const isRequired = (k: string) => (required as string[]).includes(k);
  const agreement = stored.data?.consent ?? null;

  // what the borrower agreed to before (on this or another phone) is ticked again
  useEffect(() => {
    if (agreement) setChecked(Object.fromEntries(agreement.permissions.map((k) => [k, true])));
  }, [agreement]);

  const next = () => {
    const to = afterConsent(params);
    go(to.route, to.query, { replace: true });
  };
  const agree = async () => {
    if (!stored.data) return;
    const missing = missingRequired(required, checked);
    if (missing.length) {
      setShowErrors(true);
      toast(errorMessage(ErrorCode.consentIncomplete, currentUiLanguage()), 'error');
      document.getElementById(`perm-${missing[0]}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy(true);
    try {
      await call(endpoints.saveConsent, { version: stored.data.version, permissions: enabled.filter((k) => checked[k]) });
      rememberConsent(userId);
      next();
    } catch (e) {
      toast(errorMessageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const failed = config.error ?? stored.error;
  const ready = config.data && stored.data;
  let body;
  if (failed)
    body = (
      <ErrorState
        error={failed}
        onRetry={() => {
          config.reload();
          stored.reload();
        }}
      />
    );
  else if (!ready) body = <Skeleton lines={6} height={40} />;
  else if (enabled.length === 0) body = <EmptyState title={t('permissions.none')} />;
  else {
    body = (
      <>
        <p className="ob-muted">{t('permissions.intro')}</p>
        {agreement ? (
          <p className="ob-muted" data-testid="consent-agreed">
            {t('permissions.agreedOn')} <DateText value={agreement.agreedAt} withTime />
          </p>
        ) : null}
        {enabled.map((k) => (
          <section key={k} id={`perm-${k}`} className="card ob-section" aria-labelledby={`perm-${k}-t`}>
            <h2 id={`perm-${k}-t`}>
              {t(`permissions.items.${k}.title`)}{' '}
              <Badge tone={isRequired(k) ? 'warn' : 'neutral'}>{isRequired(k) ? t('permissions.required') : t('permissions.optional')}</Badge>
            </h2>
            <p style={{ margin: 0 }}>{t(`permissions.items.${k}.why`)}</p>
            <Checkbox
              label={t('permissions.agree')}
              checked={!!checked[k]}
              onChange={(e) => setChecked((c) => ({ ...c, [k]: e.target.checked }))}
              error={showErrors && isRequired(k) && !checked[k] ? t('permissions.agreeThis') : undefined}
            />
          </section>
        ))}
      </>
    );
  }
  return (
    <Page
      title={t('permissions.title')}
      footer={
        ready ? (
          <Button block busy={busy} onClick={agree}>
            {t('permissions.continue')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Page>
  );
}
