/**
 * Work info, two emergency contacts and optional social links (spec sections 3-5), with
 * the contract's AdditionInfo schema and a draft kept on every change. The designations
 * offered are the work type's set; the work address picks its state before its district.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ADDRESS_MAX,
  COMPANY_MAX,
  EMPLOYMENT_TYPE,
  INCOME_SOURCE,
  INDUSTRY,
  JOB_EXPERIENCE,
  PAY_FREQUENCY,
  PAY_METHOD,
  PIN_CODE_LENGTH,
  SALARY_BANDS,
  WEEKDAYS,
  call,
  designationsFor,
  endpoints,
  salaryBandOf,
} from 'shared';
import { Button, Page } from 'shared/ui';
import { AdditionInfo } from 'shared/schemas';
import { useOptions } from '../../features/options';
import { readDraft, useDraft, useUserId } from '../../features/useDraft';
import { useStepSubmit } from '../../features/useStepSubmit';
import { FormDigitsField, FormSelectField, FormTextField } from 'shared/forms';
import { StateCityFields, type StateItem } from '../common/StateCityFields';
import { needsSecondPayday, paydayKind, paydayValue, showsWorkDetails } from '../../features/workRules';
import { ContactFields } from './ContactFields';
import { stepBack } from '../../features/stepBack';

type Values = z.input<typeof AdditionInfo>;
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const none = (v: unknown) => (v === '' ? undefined : v);

export function AdditionalForm({ saved, states }: { saved: Partial<Values>; states: StateItem[] }) {
  const { t } = useTranslation('onboarding');
  const opts = useOptions();
  const userId = useUserId();
  const start = { ...saved, ...readDraft<Values>('additional', userId) };
  const form = useForm<Values>({
    resolver: zodResolver(AdditionInfo),
    defaultValues: {
      company: '',
      workPhone: '',
      workPincode: '',
      workState: '',
      workDistrict: '',
      workCounty: '',
      workAddress: '',
      linkedin: '',
      facebook: '',
      ...start,
      // a draft typed before the salary bands holds rupees: shown as their band
      monthlySalary: typeof start.monthlySalary === 'number' ? salaryBandOf(start.monthlySalary) : start.monthlySalary,
    },
  });
  const draft = useDraft('additional', form);
  const { watch, setValue, formState } = form;
  const employment = watch('employmentType');
  const frequency = watch('payFrequency');
  const kind = paydayKind(frequency);
  const working = showsWorkDetails(employment);
  const paydayOptions = kind === 'day' ? DAYS : opts('weekday', WEEKDAYS);

  const onSubmit = useStepSubmit(form, { step: 'additionalInfomation', save: (values) => call(endpoints.saveAdditionInfo, values), draft });

  return (
    <Page
      title={t('additional.title')}
      back={stepBack('additionalInfomation')}
      footer={
        <Button block type="submit" form="additional-form" busy={formState.isSubmitting}>
          {t('form.next')}
        </Button>
      }
    >
      <form id="additional-form" className="ob-section" noValidate onSubmit={onSubmit}>
        <section className="card ob-section" aria-labelledby="work-info">
          <h2 id="work-info">{t('additional.work')}</h2>
          <FormSelectField
            form={form}
            name="employmentType"
            rules={{
              setValueAs: none,
              onChange: () => {
                setValue('industryCategory', undefined);
                setValue('designation', undefined);
              },
            }}
            required
            label={t('additional.employmentType')}
            placeholder={t('form.select')}
            options={opts('employmentType', EMPLOYMENT_TYPE)}
          />
          {working ? (
            <>
              <FormSelectField
                form={form}
                name="industryCategory"
                rules={{ setValueAs: none }}
                required
                label={t('additional.industry')}
                placeholder={t('form.select')}
                options={opts('industry', INDUSTRY)}
              />
              <FormTextField
                form={form}
                name="company"
                required={employment === 'employee'}
                label={t('additional.company')}
                autoComplete="organization"
                maxLength={COMPANY_MAX}
              />
              <FormTextField form={form} name="companyStartDate" rules={{ setValueAs: none }} label={t('additional.startDate')} type="date" ltr />
              <FormSelectField
                form={form}
                name="designation"
                rules={{ setValueAs: none }}
                label={t('additional.designation')}
                placeholder={t('form.select')}
                options={opts('designation', designationsFor(employment))}
              />
              <FormSelectField
                form={form}
                name="jobExperience"
                rules={{ setValueAs: none }}
                required
                label={t('additional.jobExperience')}
                placeholder={t('form.select')}
                options={opts('jobExperience', JOB_EXPERIENCE)}
              />
            </>
          ) : null}
          <FormSelectField
            form={form}
            name="monthlySalary"
            rules={{ setValueAs: none }}
            required
            label={t('additional.monthlySalary')}
            placeholder={t('form.select')}
            options={opts('salaryBand', SALARY_BANDS)}
            hint={t('additional.monthlySalaryHint')}
          />
          {working ? (
            <>
              <FormSelectField
                form={form}
                name="payFrequency"
                rules={{
                  setValueAs: none,
                  onChange: () => {
                    setValue('monthlyPayday', undefined);
                    setValue('monthlyPaydayTwo', undefined);
                  },
                }}
                required
                label={t('additional.payFrequency')}
                placeholder={t('form.select')}
                options={opts('payFrequency', PAY_FREQUENCY)}
              />
              {kind ? (
                <FormSelectField
                  form={form}
                  name="monthlyPayday"
                  rules={{ setValueAs: paydayValue }}
                  required
                  key={`p1-${kind}`}
                  label={kind === 'day' ? t('additional.payday') : t('additional.payWeekday')}
                  placeholder={t('form.select')}
                  options={paydayOptions}
                />
              ) : null}
              {kind && needsSecondPayday(frequency) ? (
                <FormSelectField
                  form={form}
                  name="monthlyPaydayTwo"
                  rules={{ setValueAs: paydayValue }}
                  required
                  key={`p2-${kind}`}
                  label={kind === 'day' ? t('additional.paydayTwo') : t('additional.payWeekdayTwo')}
                  placeholder={t('form.select')}
                  options={paydayOptions}
                />
              ) : null}
              <FormSelectField
                form={form}
                name="payMethod"
                rules={{ setValueAs: none }}
                label={t('additional.payMethod')}
                placeholder={t('form.select')}
                options={opts('payMethod', PAY_METHOD)}
                hint={t('form.optional')}
              />
            </>
          ) : null}
          <FormSelectField
            form={form}
            name="incomeSource"
            rules={{ setValueAs: none }}
            required
            label={t('additional.incomeSource')}
            placeholder={t('form.select')}
            options={opts('incomeSource', INCOME_SOURCE)}
          />
          {working ? (
            <>
              <FormTextField
                form={form}
                name="workPhone"
                label={t('additional.workPhone')}
                type="tel"
                inputMode="numeric"
                ltr
                maxLength={12}
                hint={t('form.optional')}
              />
            </>
          ) : null}
        </section>

        {working ? (
          <section className="card ob-section" aria-labelledby="work-address">
            <h2 id="work-address">{t('additional.workAddressTitle')}</h2>
            <StateCityFields
              form={form}
              states={states}
              names={{ state: 'workState', city: 'workDistrict' }}
              labels={{ state: t('additional.workState'), city: t('additional.workDistrict') }}
              hint={t('form.optional')}
            />
            <FormTextField form={form} name="workCounty" label={t('additional.workCounty')} hint={t('form.optional')} />
            <FormDigitsField form={form} name="workPincode" max={PIN_CODE_LENGTH} label={t('additional.workPincode')} hint={t('form.optional')} />
            <FormTextField form={form} name="workAddress" label={t('additional.workAddress')} hint={t('form.optional')} maxLength={ADDRESS_MAX} />
          </section>
        ) : null}

        <ContactFields n={1} form={form} />
        <ContactFields n={2} form={form} />

        <section className="card ob-section" aria-labelledby="social-links">
          <h2 id="social-links">{t('additional.social')}</h2>
          <FormTextField form={form} name="linkedin" label="LinkedIn" type="url" inputMode="url" ltr placeholder="https://" hint={t('form.optional')} />
          <FormTextField
            form={form}
            name="facebook"
            label="Facebook"
            type="url"
            inputMode="url"
            ltr
            placeholder="https://"
            hint={t('form.optional')}
            enterKeyHint="done"
          />
        </section>
      </form>
    </Page>
  );
}
