/**
 * After a step is saved (its milestone sent to the wrapper's analytics): the next screen. An active order goes by the status-to-screen
 * map; without one, the user's next missing onboarding step (from the server); else home.
 */
import { MILESTONES, call, endpoints, go, logMilestone, screenForStatus, setUserInfo } from 'shared';

export async function goToNextStep(completed: string): Promise<void> {
  logMilestone(MILESTONES.stepCompleted, { step: completed });
  const [info, latest] = await Promise.all([
    call(endpoints.getUserInfo, {}, { overlay: true }),
    call(endpoints.latestOrder, {}, { overlay: true }).catch(() => null),
  ]);
  setUserInfo(info);
  const target = latest?.order ? screenForStatus(latest.order.status) : null;
  if (target) {
    go(target.route, target.query, { replace: true });
    return;
  }
  if (info.nextStep) go(info.nextStep, undefined, { replace: true });
  else go('home', undefined, { replace: true });
}
