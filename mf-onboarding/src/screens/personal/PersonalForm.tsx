/**
 * The personal-info form (spec sections 3-5): react-hook-form with the contract's BasicInfo
 * schema, a draft kept on every change, and the section 4 form rules (birthday reveals
 * ID/education/marital status, state clears city, 'no' clears the borrowed amount).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  Button, EDUCATION, GENDERS, LOAN_PURPOSE, MARITAL_STATUS, Page, RESIDENCE_TYPE, RadioGroup, SelectField, TextField, YES_NO, call, endpoints, toast, useErrorText,
} from 'shared';
import { BasicInfo } from 'shared/schemas';
import { useOptions } from '../../features/options';
import { readDraft, useDraft, useUserId } from '../../features/useDraft';
import { useStepSubmit } from '../../features/useStepSubmit';
import { numberOrUndefined } from '../../features/formValues';
import { BirthdayPicker } from './BirthdayPicker';

type Values = z.input<typeof BasicInfo>;
interface StateItem { code: string; name: string; cities: string[]; labels: { name: string; cities: string[] } }

export function PersonalForm({ saved, states }: { saved: Partial<Values>; states: StateItem[] }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const opts = useOptions();
  const userId = useUserId();
  const form = useForm<Values>({
    resolver: zodResolver(BasicInfo),
    defaultValues: { middleName: '', whatsappNo: '', alternativePhone: '', ...saved, ...readDraft<Values>('personal', userId) },
  });
  const draft = useDraft('personal', form);
  const { register, watch, setValue, formState } = form;
  const e = formState.errors;
  const birthday = watch('inputBirthday');
  const state = watch('state');
  const borrowed = watch('previouslyBorrowed');
  const chosen = states.find((s) => s.name === state);
  const cities = chosen ? chosen.cities.map((c, i) => ({ value: c, label: chosen.labels.cities[i] ?? c })) : [];

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
              <TextField
                label={t('personal.nationalId')}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={15}
                ltr
                placeholder="3520212345671"
                hint={t('personal.nationalIdHint')}
                error={errorText(e.nationalId?.message)}
                {...register('nationalId', { onChange: (ev) => setValue('nationalId', ev.target.value.replace(/\D/g, '').slice(0, 13)) })}
              />
              <SelectField label={t('personal.education')} placeholder={t('form.select')} options={opts('education', EDUCATION)} error={errorText(e.education?.message)} {...register('education', { setValueAs: (v) => v || undefined })} />
              <SelectField label={t('personal.maritalStatus')} placeholder={t('form.select')} options={opts('maritalStatus', MARITAL_STATUS)} error={errorText(e.maritalStatus?.message)} {...register('maritalStatus', { setValueAs: (v) => v || undefined })} />
            </>
          ) : (
            <p className="ob-muted">{t('personal.birthdayFirst')}</p>
          )}
          <TextField label={t('personal.email')} type="email" inputMode="email" autoComplete="email" ltr error={errorText(e.email?.message)} {...register('email')} />
        </section>

        <section className="card ob-section" aria-labelledby="personal-residence">
          <h2 id="personal-residence">{t('personal.residence')}</h2>
          <SelectField label={t('personal.loanPurpose')} placeholder={t('form.select')} options={opts('loanPurpose', LOAN_PURPOSE)} error={errorText(e.loanPurpose?.message)} {...register('loanPurpose', { setValueAs: (v) => v || undefined })} />
          <SelectField label={t('personal.residenceType')} placeholder={t('form.select')} options={opts('residenceType', RESIDENCE_TYPE)} error={errorText(e.residenceType?.message)} {...register('residenceType', { setValueAs: (v) => v || undefined })} />
          <SelectField
            label={t('personal.state')}
            placeholder={t('form.select')}
            options={states.map((s) => ({ value: s.name, label: s.labels.name }))}
            error={errorText(e.state?.message)}
            {...register('state', { onChange: () => setValue('city', '') })}
          />
          <SelectField
            label={t('personal.city')}
            placeholder={t('form.select')}
            options={cities}
            error={errorText(e.city?.message)}
            onMouseDown={(ev) => {
              if (!state) {
                ev.preventDefault();
                toast(errorText('validation.stateRequired') ?? '', 'error');
              }
            }}
            {...register('city')}
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
