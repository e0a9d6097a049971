/**
 * The personal-info form (spec sections 3-5): react-hook-form with the contract's BasicInfo
 * schema, a draft kept on every change, and the section 4 form rules (birthday reveals
 * ID card type/National ID/education/marital status, state clears city, 'no' clears the
 * borrowed amount); the age is worked out from the birthday and only shown.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  Button, EDUCATION, GENDERS, ID_CARD_TYPES, LOAN_PURPOSE, MARITAL_STATUS, NATIONAL_ID_LENGTH, PIN_CODE_LENGTH, Page, RESIDENCE_TYPE, RadioGroup, SPOKEN_LANGUAGES,
  SelectField, TextField, YES_NO, call, endpoints, useErrorText,
} from 'shared';
import { BasicInfo, ageOn } from 'shared/schemas';
import { useOptions } from '../../features/options';
import { readDraft, useDraft, useUserId } from '../../features/useDraft';
import { useStepSubmit } from '../../features/useStepSubmit';
import { digitsOnly, numberOrUndefined } from '../../features/formValues';
import { StateCityFields, type StateItem } from '../common/StateCityFields';
import { BirthdayPicker } from './BirthdayPicker';

type Values = z.input<typeof BasicInfo>;
const none = (v: unknown) => (v === '' ? undefined : v);

export function PersonalForm({ saved, states }: { saved: Partial<Values>; states: StateItem[] }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const opts = useOptions();
  const userId = useUserId();
  const form = useForm<Values>({
    resolver: zodResolver(BasicInfo),
    defaultValues: { middleName: '', county: '', whatsappNo: '', alternativePhone: '', ...saved, ...readDraft<Values>('personal', userId) },
  });
  const draft = useDraft('personal', form);
  const { register, watch, setValue, formState } = form;
  const e = formState.errors;
  const birthday = watch('inputBirthday');
  const borrowed = watch('previouslyBorrowed');

  const onSubmit = useStepSubmit(form, { step: 'personalInfomation', save: (values) => call(endpoints.saveBasicInfo, values as never), draft });

  const set = (name: keyof Values, value: unknown) => setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <Page title={t('personal.title')} footer={<Button block type="submit" form="personal-form" busy={formState.isSubmitting}>{t('form.next')}</Button>}>
      <form id="personal-form" className="ob-section" noValidate onSubmit={onSubmit}>
        <p className="ob-muted">{t('personal.intro')}</p>
        <section className="card ob-section" aria-labelledby="personal-basic">
          <h2 id="personal-basic">{t('personal.basic')}</h2>
          <TextField label={t('personal.firstName')} autoComplete="given-name" error={errorText(e.firstName?.message)} {...register('firstName')} />
          <TextField label={t('personal.middleName')} autoComplete="additional-name" hint={t('form.optional')} error={errorText(e.middleName?.message)} {...register('middleName')} />
          <TextField label={t('personal.lastName')} autoComplete="family-name" error={errorText(e.lastName?.message)} {...register('lastName')} />
          <RadioGroup
            label={t('personal.gender')}
            name="gender"
            options={opts('gender', GENDERS)}
            value={watch('gender')}
            onChange={(v) => set('gender', Number(v))}
            error={errorText(e.gender?.message)}
          />
          <BirthdayPicker value={birthday} onChange={(v) => set('inputBirthday', v || undefined)} error={errorText(e.inputBirthday?.message)} />
          {birthday ? (
            <>
              <TextField label={t('personal.age')} value={ageOn(birthday)} readOnly ltr hint={t('personal.ageHint')} />
              <SelectField label={t('personal.cardType')} placeholder={t('form.select')} options={opts('idCardType', ID_CARD_TYPES)} error={errorText(e.cardType?.message)} {...register('cardType', { setValueAs: none })} />
              <TextField
                label={t('personal.nationalId')}
                inputMode="numeric"
                pattern="[0-9]*"
                ltr
                placeholder="3520212345671"
                hint={t('personal.nationalIdHint')}
                error={errorText(e.nationalId?.message)}
                {...register('nationalId', { onChange: (ev) => setValue('nationalId', digitsOnly(ev.target.value, NATIONAL_ID_LENGTH)) })}
              />
              <SelectField label={t('personal.education')} placeholder={t('form.select')} options={opts('education', EDUCATION)} error={errorText(e.education?.message)} {...register('education', { setValueAs: (v) => v || undefined })} />
              <SelectField label={t('personal.maritalStatus')} placeholder={t('form.select')} options={opts('maritalStatus', MARITAL_STATUS)} error={errorText(e.maritalStatus?.message)} {...register('maritalStatus', { setValueAs: (v) => v || undefined })} />
            </>
          ) : (
            <p className="ob-muted">{t('personal.birthdayFirst')}</p>
          )}
          <TextField label={t('personal.email')} type="email" inputMode="email" autoComplete="email" ltr error={errorText(e.email?.message)} {...register('email')} />
          <SelectField label={t('personal.language')} placeholder={t('form.select')} options={opts('language', SPOKEN_LANGUAGES)} error={errorText(e.language?.message)} {...register('language', { setValueAs: none })} />
          <TextField label={t('personal.cityOfBirth')} error={errorText(e.cityOfBirth?.message)} {...register('cityOfBirth')} />
        </section>

        <section className="card ob-section" aria-labelledby="personal-residence">
          <h2 id="personal-residence">{t('personal.residence')}</h2>
          <SelectField label={t('personal.loanPurpose')} placeholder={t('form.select')} options={opts('loanPurpose', LOAN_PURPOSE)} error={errorText(e.loanPurpose?.message)} {...register('loanPurpose', { setValueAs: (v) => v || undefined })} />
          <SelectField label={t('personal.residenceType')} placeholder={t('form.select')} options={opts('residenceType', RESIDENCE_TYPE)} error={errorText(e.residenceType?.message)} {...register('residenceType', { setValueAs: (v) => v || undefined })} />
          <StateCityFields form={form} states={states} names={{ state: 'state', city: 'city' }} labels={{ state: t('personal.state'), city: t('personal.city') }} />
          <TextField label={t('personal.county')} hint={t('form.optional')} error={errorText(e.county?.message)} {...register('county')} />
          <TextField
            label={t('personal.pinCode')}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="postal-code"
            ltr
            hint={t('personal.pinCodeHint')}
            error={errorText(e.pinCode?.message)}
            {...register('pinCode', { onChange: (ev) => setValue('pinCode', digitsOnly(ev.target.value, PIN_CODE_LENGTH)) })}
          />
          <TextField label={t('personal.address')} autoComplete="street-address" error={errorText(e.address?.message)} {...register('address')} />
        </section>

        <section className="card ob-section" aria-labelledby="personal-credit">
          <h2 id="personal-credit">{t('personal.credit')}</h2>
          <RadioGroup
            label={t('personal.previouslyBorrowed')}
            name="previouslyBorrowed"
            options={opts('yesNo', YES_NO)}
            value={borrowed}
            onChange={(v) => {
              set('previouslyBorrowed', v);
              if (v === 'no') setValue('previouslyBorrowedAmount', undefined);
            }}
            error={errorText(e.previouslyBorrowed?.message)}
          />
          {borrowed === 'yes' ? (
            <TextField
              label={t('personal.previouslyBorrowedAmount')}
              inputMode="numeric"
              pattern="[0-9]*"
              ltr
              error={errorText(e.previouslyBorrowedAmount?.message)}
              {...register('previouslyBorrowedAmount', { setValueAs: numberOrUndefined })}
            />
          ) : null}
        </section>

        <section className="card ob-section" aria-labelledby="personal-contact">
          <h2 id="personal-contact">{t('personal.contact')}</h2>
          <TextField label={t('personal.whatsappNo')} type="tel" inputMode="tel" ltr hint={t('form.optional')} error={errorText(e.whatsappNo?.message)} {...register('whatsappNo')} />
          <TextField label={t('personal.alternativePhone')} type="tel" inputMode="tel" ltr hint={t('form.optional')} enterKeyHint="done" error={errorText(e.alternativePhone?.message)} {...register('alternativePhone')} />
        </section>
      </form>
    </Page>
  );
}
