/**
 * Queue-item claims (the staff API's, docs/operations-api.md "Queue-item claims"): opening an item nobody works on
 * claims it, so two members do not work one item; the holder may let it go, a supervisor may take it over. Another
 * member's decision on a claimed item is refused by the API with its own words (shown where the decision is).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { may } from 'shared/staff';
import { useSessionState } from '../api/session';
import type { Claim } from '../api/types';
import { api } from './api';
import { useAction } from './hooks';
import { ApiError, When } from './ui';

const TIME = '\u0000';
/** "<name> is working on this until <time>": the name isolated (either direction), the time a date of its own (left to right, whole) */
function ClaimSentence({ claim }: { claim: Claim }) {
  const { t } = useTranslation();
  const [before, after] = t(claim.mine ? 'claims.mine' : 'claims.theirs', { name: `\u2068${claim.by}\u2069`, time: TIME }).split(TIME);
  return (
    <p className={claim.mine ? undefined : 'ops-warning'}>
      {before}
      <When at={claim.until} />
      {after}
    </p>
  );
}

/** a list row's mark: whose item it is now */
export function ClaimBadge({ claim }: { claim: Claim | null }) {
  const { t } = useTranslation();
  if (!claim) return null;
  return <span className="ops-badge ops-badge-claim">{claim.mine ? t('claims.badgeMine') : t('claims.badge', { name: claim.by })}</span>;
}

/**
 * An open item's claim, under its detail's heading: `path` the item's API path (`/proofs/12`); `listed` its claim as
 * the list gave it; `onChange` after a claim, a release or a takeover (the list shows the new holder)
 */
export function ClaimBar({ path, listed, onChange }: { path: string; listed: Claim | null; onChange: () => void }) {
  const { t } = useTranslation();
  const role = useSessionState().session!.staff.role;
  const [claim, setClaim] = useState(listed);
  const act = useAction();
  useEffect(() => setClaim(listed), [listed]);
  const send = async (what: 'claim' | 'release' | 'takeover') => {
    const r = await act.run(() => api.post<{ claim?: Claim; released?: boolean }>(`${path}/${what}`));
    if (r) {
      setClaim(r.claim ?? null);
      onChange();
    }
  };
  // opening an item nobody works on claims it (once per item shown)
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || listed) return;
    opened.current = true;
    void send('claim');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the item this bar was opened on (its key)
  }, []);
  return (
    <div className="ops-claim" role="status">
      {claim && <ClaimSentence claim={claim} />}
      <ApiError error={act.error} />
      <div className="ops-actions">
        {claim?.mine && (
          <button type="button" disabled={act.busy} onClick={() => void send('release')}>
            {t('claims.release')}
          </button>
        )}
        {!claim && (
          <button type="button" disabled={act.busy} onClick={() => void send('claim')}>
            {t('claims.claim')}
          </button>
        )}
        {claim && !claim.mine && may(role, 'takeOverClaims') && (
          <button type="button" disabled={act.busy} onClick={() => void send('takeover')}>
            {t('claims.takeOver')}
          </button>
        )}
      </div>
    </div>
  );
}
