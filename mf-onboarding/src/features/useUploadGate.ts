/** The gate for screens: resolves true when the step may proceed, else tells the borrower why (or sends them to agree first). */
import { useTranslation } from 'react-i18next';
import { toast, type RouteName } from 'shared';
import { runUploadGate } from './uploadGate';
import { liveGateDeps } from './uploadGateDeps';
import { askConsent } from './permissions';

export function useUploadGate(): (step: RouteName) => Promise<boolean> {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('common');
  return async (step) => {
    const out = await runUploadGate(step, liveGateDeps);
    if (out.pass) return true;
    if (out.reason === 'consent') {
      askConsent(step, { resume: true }); // back to this step after agreeing, which goes on with its kept draft
      return false;
    }
    toast(out.reason === 'runInApp' ? tc('pleaseRunInApp') : t(`gate.${out.reason}`), 'error');
    return false;
  };
}
