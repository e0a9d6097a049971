/** One emergency contact: name, phone (typed, or picked through the native contact picker unless the market never reads contacts), relation. */
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_NAME_MAX, CONTACT_RELATION, bridge, endpoints, toast, useRequest } from 'shared';
import { Button } from 'shared/ui';
import { FormSelectField, FormTextField } from 'shared/forms';
import type { AdditionInfo } from 'shared';
import { useOptions } from '../../features/options';
import { contactPhoneInput, importedContactPhone } from '../../features/workRules';
import { consentFirst } from '../../features/permissions';

type Values = z.input<typeof AdditionInfo>;

export function ContactFields({ n, form }: { n: 1 | 2; form: UseFormReturn<Values> }) {
  const { t } = useTranslation('onboarding');
  const opts = useOptions();
  const { setValue, formState } = form;
  const name = `emergencyContactName${n}` as const;
  const mobile = `emergencyContactMobile${n}` as const;
  const relation = `emergencyContactRelation${n}` as const;
  // a market that never reads contacts (pk-secp) offers no picker: the contact is typed by hand (the spec's market
  // asks no contacts permission but offers the picker: the wrapper's picker hands over the one contact chosen)
  const config = useRequest(endpoints.marketConfig, {});
  const picker = config.data !== undefined && !config.data.profile?.permissionsOff?.includes('contacts');

  const pick = async () => {
    try {
      if (!(await consentFirst('additionalInfomation'))) return; // the form's draft is kept meanwhile
      const res = await bridge.call('selectContact');
      if (res.ok !== true) return;
      const validate = formState.isSubmitted;
      if (typeof res.name === 'string') setValue(name, res.name.slice(0, CONTACT_NAME_MAX), { shouldDirty: true, shouldValidate: validate });
      if (typeof res.phone === 'string') setValue(mobile, importedContactPhone(res.phone), { shouldDirty: true, shouldValidate: validate });
    } catch {
      toast(t('additional.pickFailed'), 'error');
    }
  };

  return (
    <section className="card ob-section" aria-labelledby={`contact-${n}`}>
      <h2 id={`contact-${n}`}>{t('additional.contactN', { n })}</h2>
      {bridge.inApp && picker ? (
        <Button variant="secondary" onClick={pick}>
          {t('additional.pickContact')}
        </Button>
      ) : null}
      <FormTextField form={form} name={name} required label={t('additional.contactName')} autoComplete="off" maxLength={CONTACT_NAME_MAX} />
      <FormTextField
        form={form}
        name={mobile}
        rules={{ onChange: (ev) => setValue(mobile, contactPhoneInput(ev.target.value)) }}
        required
        label={t('additional.contactPhone')}
        type="tel"
        inputMode="numeric"
        ltr
        hint={t('additional.contactPhoneHint')}
      />
      <FormSelectField
        form={form}
        name={relation}
        rules={{ setValueAs: (v) => v || undefined }}
        required
        label={t('additional.relation')}
        placeholder={t('form.select')}
        options={opts('relation', CONTACT_RELATION)}
      />
    </section>
  );
}
