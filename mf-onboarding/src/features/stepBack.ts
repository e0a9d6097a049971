/** The header's back button of an onboarding step: to the previous step, not out of the application. */
import { go, previousStep, type OnboardingStep } from 'shared';

export function stepBack(step: OnboardingStep): (() => void) | undefined {
  const before = previousStep(step);
  return before ? () => go(before) : undefined;
}
