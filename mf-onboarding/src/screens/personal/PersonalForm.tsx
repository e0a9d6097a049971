/**
 * The personal-info form (spec sections 3-5): react-hook-form with the contract's BasicInfo
 * schema, a draft kept on every change, and the section 4 form rules (birthday reveals
 * ID card type/National ID/education/marital status, state clears city, 'no' clears the
 * borrowed amount); the age is worked out from the birthday and only shown.
 */
import { useForm, type Path, type PathValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ADDRESS_MAX,
  EDUCATION,
  GENDERS,
  ID_CARD_TYPES,
  LOAN_PURPOSE,
  MARITAL_STATUS,
  NATIONAL_ID_LENGTH,
  PIN_CODE_LENGTH,
  RESIDENCE_TYPE,
  SPOKEN_LANGUAGES,
  YES_NO,
  call,
  endpoints,
} from 'shared';
import { Button, Page, RadioGroup, TextField, useErrorText } from 'shared/ui';
import { BasicInfo, SaveBasicInfoRequest, ageOn } from 'shared/schemas';
import { useOptions } from '../../features/options';
import { readDraft, useDraft, useUserId } from '../../features/useDraft';
import { useStepSubmit } from '../../features/useStepSubmit';
import { numberOrUndefined } from '../../features/formValues';
import { FormDigitsField, FormSelectField, FormTextField } from 'shared/forms';
import { StateCityFields, type StateItem } from '../common/StateCityFields';
import { BirthdayPicker } from './BirthdayPicker';

type Values = z.input<typeof BasicInfo>;
const none = (v: unknown) => (v === '' ? undefined : v);

/** `saved.nationalIdMasked`: a National ID is on file (never read back in full): the field may stay empty to keep it */
export function PersonalForm({ saved, states }: { saved: Partial<Values> & { nationalIdMasked?: string }; states: StateItem[] }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const opts = useOptions();
  const userId = useUserId();
  const { nationalIdMasked: idOnFile, ...prefill } = saved;
  const form = useForm<Values>({
    resolver: zodResolver((idOnFile ? SaveBasicInfoRequest : BasicInfo) as typeof BasicInfo),
    defaultValues: { middleName: '', county: '', whatsappNo: '', alternativePhone: '', ...prefill, ...readDraft<Values>('personal', userId) },
  });
  const draft = useDraft('personal', form);
  const { watch, setValue, formState } = form;
  const e = formState.errors;
  const birthday = watch('inputBirthday');
  const borrowed = watch('previouslyBorrowed');

  const onSubmit = useStepSubmit(form, { step: 'personalInfomation', save: (values) => call(endpoints.saveBasicInfo, values), draft });

  // undefined empties a field (the schema then says it is required)
  const set = <K extends Path<Values>>(name: K, value: PathValue<Values, K> | undefined) =>
    setValue(name, value as PathValue<Values, K>, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <Page
      title={t('personal.title')}
      footer={
        <Button block type="submit" form="personal-form" busy={formState.isSubmitting}>
          {t('form.next')}
        </Button>
      }
    >
      <form id="personal-form" className="ob-section" noValidate onSubmit={onSubmit}>
        <p className="ob-muted">{t('personal.intro')}</p>
        <section className="card ob-section" aria-labelledby="personal-basic">
          <h2 id="personal-basic">{t('personal.basic')}</h2>
          <FormTextField form={form} name="firstName" label={t('personal.firstName')} autoComplete="given-name" />
          <FormTextField form={form} name="middleName" label={t('personal.middleName')} autoComplete="additional-name" hint={t('form.optional')} />
          <FormTextField form={form} name="lastName" label={t('personal.lastName')} autoComplete="family-name" />
          <RadioGroup
            label={t('personal.gender')}
            name="gender"
            options={opts('gender', GENDERS)}
            value={watch('gender')}
            onChange={(v) => set('gender', Number(v) as Values['gender'])}
            error={errorText(e.gender?.message)}
          />
          <BirthdayPicker value={birthday} onChange={(v) => set('inputBirthday', v || undefined)} error={errorText(e.inputBirthday?.message)} />
          {birthday ? (
            <>
              <TextField label={t('personal.age')} value={ageOn(birthday)} readOnly ltr hint={t('personal.ageHint')} />
              <FormSelectField
                form={form}
                name="cardType"
                rules={{ setValueAs: none }}
                label={t('personal.cardType')}
                placeholder={t('form.select')}
                options={opts('idCardType', ID_CARD_TYPES)}
              />
              <FormDigitsField
                form={form}
                name="nationalId"
                max={NATIONAL_ID_LENGTH}
                label={t('personal.nationalId')}
                placeholder={idOnFile ?? '3520212345671'}
                hint={idOnFile ? t('personal.nationalIdOnFile', { masked: idOnFile }) : t('personal.nationalIdHint')}
              />
              <FormSelectField
                form={form}
                name="education"
                rules={{ setValueAs: (v) => v || undefined }}
                label={t('personal.education')}
                placeholder={t('form.select')}
                options={opts('education', EDUCATION)}
              />
              <FormSelectField
                form={form}
                name="maritalStatus"
                rules={{ setValueAs: (v) => v || undefined }}
                label={t('personal.maritalStatus')}
                placeholder={t('form.select')}
                options={opts('maritalStatus', MARITAL_STATUS)}
              />
            </>
          ) : (
            <p className="ob-muted">{t('personal.birthdayFirst')}</p>
          )}
          <FormTextField form={form} name="email" label={t('personal.email')} type="email" inputMode="email" autoComplete="email" ltr />
          <FormSelectField
            form={form}
            name="language"
            rules={{ setValueAs: none }}
            label={t('personal.language')}
            placeholder={t('form.select')}
            options={opts('language', SPOKEN_LANGUAGES)}
          />
          <FormTextField form={form} name="cityOfBirth" label={t('personal.cityOfBirth')} />
        </section>

        <section className="card ob-section" aria-labelledby="personal-residence">
          <h2 id="personal-residence">{t('personal.residence')}</h2>
          <FormSelectField
            form={form}
            name="loanPurpose"
            rules={{ setValueAs: (v) => v || undefined }}
            label={t('personal.loanPurpose')}
            placeholder={t('form.select')}
            options={opts('loanPurpose', LOAN_PURPOSE)}
          />
          <FormSelectField
            form={form}
            name="residenceType"
            rules={{ setValueAs: (v) => v || undefined }}
            label={t('personal.residenceType')}
            placeholder={t('form.select')}
            options={opts('residenceType', RESIDENCE_TYPE)}
          />
          <StateCityFields
            form={form}
            states={states}
            names={{ state: 'state', city: 'city' }}
            labels={{ state: t('personal.state'), city: t('personal.city') }}
          />
          <FormTextField form={form} name="county" label={t('personal.county')} hint={t('form.optional')} />
          <FormDigitsField
            form={form}
            name="pinCode"
            max={PIN_CODE_LENGTH}
            label={t('personal.pinCode')}
            autoComplete="postal-code"
            hint={t('personal.pinCodeHint')}
          />
          <FormTextField form={form} name="address" label={t('personal.address')} autoComplete="street-address" maxLength={ADDRESS_MAX} />
        </section>

        <section className="card ob-section" aria-labelledby="personal-credit">
          <h2 id="personal-credit">{t('personal.credit')}</h2>
          <RadioGroup
            label={t('personal.previouslyBorrowed')}
            name="previouslyBorrowed"
            options={opts('yesNo', YES_NO)}
            value={borrowed}
            onChange={(v) => {
              set('previouslyBorrowed', v as Values['previouslyBorrowed']);
              if (v === 'no') setValue('previouslyBorrowedAmount', undefined);
            }}
            error={errorText(e.previouslyBorrowed?.message)}
          />
          {borrowed === 'yes' ? (
            <FormTextField
              form={form}
              name="previouslyBorrowedAmount"
              rules={{ setValueAs: numberOrUndefined }}
              label={t('personal.previouslyBorrowedAmount')}
              inputMode="numeric"
              pattern="[0-9]*"
              ltr
            />
          ) : null}
        </section>

        <section className="card ob-section" aria-labelledby="personal-contact">
          <h2 id="personal-contact">{t('personal.contact')}</h2>
          <FormTextField form={form} name="whatsappNo" label={t('personal.whatsappNo')} type="tel" inputMode="tel" ltr hint={t('form.optional')} />
          <FormTextField
            form={form}
            name="alternativePhone"
            label={t('personal.alternativePhone')}
            type="tel"
            inputMode="tel"
            ltr
            hint={t('form.optional')}
            enterKeyHint="done"
          />
        </section>
      </form>
    </Page>
  );
}
