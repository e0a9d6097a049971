/**
 * A state select and its city (or district) select, from the server's state list with labels
 * in the borrower's language: changing the state clears the city, and the city cannot be
 * opened before a state is chosen (toast 'select state', spec sections 4 and 5).
 */
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { toast } from 'shared';
import { useErrorText } from 'shared/ui';
import { FormSelectField } from 'shared/forms';
import { useTranslation } from 'react-i18next';

export interface StateItem {
  code: string;
  name: string;
  cities: string[];
  labels: { name: string; cities: string[] };
}

interface Props<V extends FieldValues> {
  form: UseFormReturn<V>;
  states: StateItem[];
  names: { state: Path<V>; city: Path<V> };
  labels: { state: string; city: string };
  hint?: string;
}

export function StateCityFields<V extends FieldValues>({ form, states, names, labels, hint }: Props<V>) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const { watch, setValue } = form;
  const state = watch(names.state);
  const chosen = states.find((s) => s.name === state);
  const cities = chosen ? chosen.cities.map((c, i) => ({ value: c, label: chosen.labels.cities[i] ?? c })) : [];
  return (
    <>
      <FormSelectField
        form={form}
        name={names.state}
        rules={{ onChange: () => setValue(names.city, '' as PathValue<V, Path<V>>, { shouldDirty: true }) }}
        label={labels.state}
        placeholder={t('form.select')}
        hint={hint}
        options={states.map((s) => ({ value: s.name, label: s.labels.name }))}
      />
      <FormSelectField
        form={form}
        name={names.city}
        label={labels.city}
        placeholder={t('form.select')}
        hint={hint}
        options={cities}
        onMouseDown={(ev) => {
          if (!state) {
            ev.preventDefault();
            toast(errorText('validation.stateRequired') ?? '', 'error');
          }
        }}
      />
    </>
  );
}
