/**
 * Screen-name validation (order status 16): the borrower checks the name on file against
 * the name read from the CNIC. Three ways on, never a dead end: correct the name, retake the
 * card photo, or confirm the name as it is (the card was misread) and it is checked by hand in
 * the review. The name is saved with the rest of the personal info, then the order goes on.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call, endpoints, go, useRequest } from 'shared';
import { Button, Checkbox, EmptyState, ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import { BasicInfoFields, SaveBasicInfoRequest } from 'shared/schemas';
import type { ProfileResponse } from 'shared';
import { FormTextField, applyServerErrors, focusFirstError } from 'shared/forms';
import { goToNextStep } from '../../features/nextStep';
import { lacksPersonalFields } from '../../features/personalComplete';
import '../../onboarding.css';
import { stepBack } from '../../features/stepBack';

const NameForm = BasicInfoFields.pick({ firstName: true, middleName: true, lastName: true }).extend({
  confirm: z.literal(true, { error: 'validation.agreementRequired' }),
});
type NameValues = z.input<typeof NameForm>;
type Profile = z.infer<typeof ProfileResponse>;

export default function ValidationScreen() {
  const { t } = useTranslation('onboarding');
  const profile = useRequest(endpoints.userProfile, {});
  let body;
  if (profile.error) body = <ErrorState error={profile.error} onRetry={profile.reload} />;
  else if (!profile.data) body = <Skeleton lines={5} height={44} />;
  else if (!profile.data.basicInfo?.firstName || lacksPersonalFields(profile.data.basicInfo)) {
    body = (
      <EmptyState title={profile.data.basicInfo?.firstName ? t('validation.profileIncomplete') : t('validation.noProfile')}>
        <Button onClick={() => go('personalInfomation')}>{t('validation.fillProfile')}</Button>
      </EmptyState>
    );
  } else return <NameCheck profile={profile.data} />;
  return (
    <Page title={t('validation.title')} back={stepBack('validation')}>
      {body}
    </Page>
  );
}

function NameCheck({ profile }: { profile: Profile }) {
  const { t } = useTranslation('onboarding');
  const basic = profile.basicInfo!;
  const form = useForm<NameValues>({
    resolver: zodResolver(NameForm),
    defaultValues: { firstName: basic.firstName ?? '', middleName: basic.middleName ?? '', lastName: basic.lastName ?? '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const e = formState.errors;
  const onSubmit = handleSubmit(async ({ firstName, middleName, lastName }) => {
    try {
      // confirmed as on the CNIC: if the reading still differs, the review checks it by hand
      // the rest of the saved info passes today's rules (lacksPersonalFields), so it parses whole
      // the National ID left out (answers show it masked): the server keeps the one on file
      await call(endpoints.saveBasicInfo, SaveBasicInfoRequest.parse({ ...basic, firstName, middleName, lastName, nameConfirmedByBorrower: true }));
    } catch (err) {
      applyServerErrors(err, setError);
      focusFirstError();
      return;
    }
    await goToNextStep('validation').catch((err) => applyServerErrors(err, setError));
  }, focusFirstError);
  return (
    <Page
      title={t('validation.title')}
      back={stepBack('validation')}
      footer={
        <Button block type="submit" form="name-form" busy={formState.isSubmitting}>
          {t('form.next')}
        </Button>
      }
    >
      <form id="name-form" className="ob-section" noValidate onSubmit={onSubmit}>
        <p className="ob-muted">{t('validation.intro')}</p>
        {profile.ocr?.name ? (
          <p className="card">
            {t('validation.onCard')}:{' '}
            <strong>
              <Ltr>{profile.ocr.name}</Ltr>
            </strong>
          </p>
        ) : null}
        <p className="ob-muted" data-testid="name-check-ways">
          {t('validation.ways')}
        </p>
        <Button variant="secondary" onClick={() => go('idCardAuthentication')}>
          {t('validation.retake')}
        </Button>
        <section className="card ob-section">
          <FormTextField form={form} name="firstName" label={t('personal.firstName')} autoComplete="given-name" />
          <FormTextField form={form} name="middleName" label={t('personal.middleName')} autoComplete="additional-name" hint={t('form.optional')} />
          <FormTextField form={form} name="lastName" label={t('personal.lastName')} autoComplete="family-name" />
          <Checkbox label={t('validation.confirm')} error={e.confirm ? t('validation.confirmRequired') : undefined} {...register('confirm')} />
        </section>
      </form>
    </Page>
  );
}
