/** The release each part of the app runs in this page (recorded by the host), for support calls. */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunningVersions } from 'shared';
import { Ltr } from 'shared/ui';

/** mf_repay -> repay: short enough for a phone's line */
const label = (part: string) => part.replace(/^mf_/, '');

export function RunningVersions() {
  const { t } = useTranslation('usercenter');
  const parts = Object.entries(useRunningVersions());
  if (!parts.length) return null;
  return (
    <p className="uc-parts" data-testid="settings-parts">
      <span>{t('settings.parts')}: </span>
      {parts.map(([part, v], i) => (
        <Fragment key={part}>
          {i > 0 && ' · '}
          <span data-testid={`settings-part-${label(part)}`}>
            <Ltr>{`${label(part)} ${v.version}`}</Ltr>
            {v.track && !v.fellBackFrom && <> ({t(`settings.track.${v.track}`)})</>}
            {v.fellBackFrom && <> ({t('settings.fellBack', { version: v.fellBackFrom })})</>}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
