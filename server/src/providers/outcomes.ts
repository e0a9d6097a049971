/**
 * The decisions the lifecycle does not compute from the order alone: the review (the scoring rule) and whether
 * the data-collection gate is on. Business code asks Deps.outcomes; production decides as configured, and only
 * the development wiring (dev/controls.ts) puts forced decisions in front of it. Money moves through the rails
 * (providers/rails/), never by a decision here.
 */
import type { Config } from '../settings/config';
import { inManualBand } from '../domain/scoring';

export type ReviewOutcome = { approve: boolean; note: string } | { manual: true };

export interface Outcomes {
  /** the review decision; `byRule` is the scoring rule's verdict, `note` goes into the order's history;
   * `manual`: a person decides (the score is in REVIEW_MANUAL_BAND: the order waits in the review queue);
   * null: not decided yet (the order stays in review and is asked again at the next run) */
  review(mobile: string, byRule: boolean, score: number): ReviewOutcome | null;
  /** must the native SDK collect the device data before the steps go on? */
  dataCollection(mobile: string): boolean;
}

export function configuredOutcomes(cfg: Config): Outcomes {
  return {
    review: (_mobile, byRule, score) => (inManualBand(cfg.reviewManualBand, score) ? { manual: true } : { approve: byRule, note: `score ${score}` }),
    dataCollection: () => cfg.dataCollection,
  };
}
