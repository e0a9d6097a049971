/** Option lists of the contract as select/radio options with labels in the user's language. */
import { useTranslation } from 'react-i18next';
import type { Option } from 'shared/ui';

export function useOptions() {
  const { t } = useTranslation('onboarding');
  return (group: string, values: readonly (string | number)[]): Option[] => values.map((v) => ({ value: v, label: t(`options.${group}.${v}`) }));
}
