/**
 * Device permissions (spec section 2): each permission the market configuration enables, with
 * its explanation and an agreement checkbox. The required ones must be agreed to continue; the
 * optional ones may be refused (as the data policy says, from the same configuration).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, EmptyState, ErrorState, Page, Skeleton, endpoints, go, toast, useRequest, useSearchParams } from 'shared';
import { missingConsents, readConsents, saveConsents } from '../../features/permissions';
import { useUserId } from '../../features/useDraft';
import '../../onboarding.css';

export default function PermissionsScreen() {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const config = useRequest(endpoints.marketConfig, {});
  const userId = useUserId();
  const [checked, setChecked] = useState<Record<string, boolean>>(() => Object.fromEntries(Object.keys(readConsents(userId)).map((k) => [k, true])));
  const [showErrors, setShowErrors] = useState(false);
  const shown = config.data?.permissions.filter((p) => p.enabled) ?? [];
  const enabled = shown.map((p) => p.key);
  const required = shown.filter((p) => p.required).map((p) => p.key);
  const isRequired = (k: string) => (required as string[]).includes(k);

  const next = () => {
    const target = params.get('next');
    if (target) go(target, undefined, { replace: true });
    else go('home', undefined, { replace: true });
  };
  const agree = () => {
    const missing = missingConsents(required, Object.fromEntries(Object.entries(checked).filter(([, v]) => v).map(([k]) => [k, 'y'])));
    if (missing.length) {
      setShowErrors(true);
      toast(t('permissions.agreeRequired'), 'error');
      document.getElementById(`perm-${missing[0]}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    saveConsents(userId, enabled.filter((k) => checked[k]));
    next();
  };

  let body;
  if (config.loading && !config.data) body = <Skeleton lines={6} height={40} />;
  else if (config.error) body = <ErrorState message={config.error.message} onRetry={config.reload} />;
  else if (enabled.length === 0) body = <EmptyState title={t('permissions.none')} />;
  else {
    body = (
      <>
        <p className="ob-muted">{t('permissions.intro')}</p>
        {enabled.map((k) => (
          <section key={k} id={`perm-${k}`} className="card ob-section" aria-labelledby={`perm-${k}-t`}>
            <h2 id={`perm-${k}-t`}>
              {t(`permissions.items.${k}.title`)}{' '}
              <span className={isRequired(k) ? 'badge badge--warn' : 'badge'}>{isRequired(k) ? t('permissions.required') : t('permissions.optional')}</span>
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
      footer={config.data ? <Button block onClick={enabled.length ? agree : next}>{enabled.length ? t('permissions.continue') : t('form.next')}</Button> : undefined}
    >
      {body}
    </Page>
  );
}
