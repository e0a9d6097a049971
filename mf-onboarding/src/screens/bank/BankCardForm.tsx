/**
 * The receiving account (bank_account/add_bankcard) or the backup account
 * (backup_add_bankcard): bank (46), Easypaisa, JazzCash or IBAN, the number twice, the
 * holder, and optionally another mobile proved with a code. Contract schema BankCardInput.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CARD_TYPES, VALID_PERIOD_YEARS_AHEAD, ErrorCode, call, endpoints, goBack, toast } from 'shared';
import { Button, Checkbox, Ltr, Page, RadioGroup, TextField, useErrorText } from 'shared/ui';
import { BankCardInput } from 'shared/schemas';
import type { AccountNotice, BankCardView, BankListResponse } from 'shared';
import { useOptions } from '../../features/options';
import { readDraft, useDraft, useUserId } from '../../features/useDraft';
import { FormSelectField, FormTextField, applyServerErrors, focusFirstError, useOnInvalid } from 'shared/forms';
import { goToNextStep } from '../../features/nextStep';
import { useUploadGate } from '../../features/useUploadGate';
import { numberOrUndefined } from '../../features/formValues';
import { accountHintKey, monthOf, sanitizeAccount } from '../../features/bankRules';
import { PhoneChange } from './PhoneChange';
import { AccountCode } from './AccountCode';
import { AccountNotices } from './AccountNotices';
import { stepBack } from '../../features/stepBack';

/** card data never left on the phone: typed again after a reload */
const NOT_IN_DRAFT = ['accountNumber', 'confirmAccountNumber', 'cvc', 'validPeriod', 'code', 'accountCode'] as const;

export type BankValues = z.input<typeof BankCardInput>;
type Banks = z.infer<typeof BankListResponse>;
type Card = z.infer<typeof BankCardView>;

interface Props {
  role: 'primary' | 'backup';
  banks: Banks;
  current: Card | null;
  holder: string;
  notices: AccountNotice[];
}

export function BankCardForm({ role, banks, current, holder, notices }: Props) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const opts = useOptions();
  const userId = useUserId();
  const gate = useUploadGate();
  const draftName = role === 'primary' ? 'bank' : 'backupBank';
  const saved = readDraft<BankValues & { changePhone?: boolean }>(draftName, userId) ?? {};
  const [changePhone, setChangePhone] = useState(!!saved.mobile);
  const form = useForm<BankValues>({
    resolver: zodResolver(BankCardInput),
    defaultValues: { cardType: 'bank', accountNumber: '', confirmAccountNumber: '', cardHolder: holder, ...saved, code: undefined, accountCode: undefined },
  });
  const draft = useDraft(draftName, form, true, NOT_IN_DRAFT);
  const { register, handleSubmit, watch, setValue, formState, setError } = form;
  const e = formState.errors;
  const cardType = watch('cardType');

  const onInvalid = useOnInvalid<BankValues>();
  const onSubmit = handleSubmit(async (values) => {
    if (!values.accountCode) {
      setError('accountCode', { message: 'validation.codeRequired' }, { shouldFocus: true });
      return;
    }
    const body = changePhone ? values : { ...values, mobile: undefined, code: undefined };
    if (role === 'primary' && !(await gate('addBankCard'))) return;
    try {
      if (role === 'primary') await call(endpoints.addBankCard, body);
      else await call(endpoints.bindBackupBankCard, body);
    } catch (err) {
      // the account code's errors name their field; the other mobile's code answers without one
      applyServerErrors(err, setError, {
        [ErrorCode.cardCodeRequired]: 'code',
        [ErrorCode.otpInvalid]: 'code',
        [ErrorCode.otpExpired]: 'code',
        [ErrorCode.otpLocked]: 'code',
      });
      focusFirstError();
      return;
    }
    draft.clear();
    toast(t('bank.saved'), 'success');
    if (role === 'primary') await goToNextStep('addBankCard').catch((err) => applyServerErrors(err, setError));
    else goBack();
  }, onInvalid);

  const onTypeChange = (v: string) => {
    setValue('cardType', v as BankValues['cardType'], { shouldDirty: true });
    setValue('bankIndex', undefined);
    setValue('validPeriod', undefined);
    setValue('cvc', undefined);
  };
  const account = (name: 'accountNumber' | 'confirmAccountNumber') =>
    register(name, { onChange: (ev) => setValue(name, sanitizeAccount(cardType, ev.target.value)) });

  return (
    <Page
      title={role === 'primary' ? t('bank.title') : t('bank.backupTitle')}
      // adding the first account is an onboarding step: back goes to the step before it
      back={role === 'primary' && !current ? stepBack('addBankCard') : undefined}
      footer={
        <Button block type="submit" form="bank-form" busy={formState.isSubmitting}>
          {t('bank.submit')}
        </Button>
      }
    >
      <form id="bank-form" className="ob-section" noValidate onSubmit={onSubmit}>
        <p className="ob-muted">{role === 'primary' ? t('bank.intro') : t('bank.backupIntro')}</p>
        {current ? (
          <p className="ob-notice ob-notice--ok">
            {t('bank.current')}: {current.bankName} <Ltr>{current.accountMasked}</Ltr>
          </p>
        ) : null}
        <AccountNotices notices={notices} />
        <section className="card ob-section">
          <RadioGroup
            label={t('bank.cardType')}
            name="cardType"
            options={opts('cardType', CARD_TYPES)}
            value={cardType}
            onChange={onTypeChange}
            error={errorText(e.cardType?.message)}
          />
          {cardType === 'bank' ? (
            <FormSelectField
              form={form}
              name="bankIndex"
              rules={{ setValueAs: numberOrUndefined }}
              label={t('bank.bank')}
              placeholder={t('form.select')}
              options={banks.banks.filter((b) => !b.wallet).map((b) => ({ value: b.index, label: b.name }))}
            />
          ) : null}
          <TextField
            label={t(`bank.account.${cardType}`)}
            inputMode={cardType === 'IBAN' ? 'text' : 'numeric'}
            autoCapitalize="characters"
            ltr
            autoComplete="off"
            hint={t(accountHintKey(cardType))}
            error={errorText(e.accountNumber?.message)}
            {...account('accountNumber')}
          />
          <TextField
            label={t('bank.confirmAccount')}
            inputMode={cardType === 'IBAN' ? 'text' : 'numeric'}
            autoCapitalize="characters"
            ltr
            autoComplete="off"
            error={errorText(e.confirmAccountNumber?.message)}
            {...account('confirmAccountNumber')}
          />
          <FormTextField form={form} name="cardHolder" label={t('bank.cardHolder')} autoComplete="name" />
          {cardType === 'bank' ? (
            <>
              <FormTextField
                form={form}
                name="validPeriod"
                rules={{ setValueAs: (v) => v || undefined }}
                label={t('bank.validPeriod')}
                type="month"
                ltr
                min={monthOf(0)}
                max={monthOf(VALID_PERIOD_YEARS_AHEAD)}
                hint={t('bank.validPeriodHint')}
              />
              <FormTextField
                form={form}
                name="cvc"
                rules={{ setValueAs: (v) => v || undefined }}
                label={t('bank.cvc')}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={4}
                ltr
                autoComplete="cc-csc"
                hint={t('form.optional')}
              />
            </>
          ) : null}
        </section>
        <section className="card ob-section">
          <Checkbox
            label={t('bank.otherMobile')}
            checked={changePhone}
            onChange={(ev) => {
              setChangePhone(ev.target.checked);
              if (!ev.target.checked) {
                setValue('mobile', undefined);
                setValue('code', undefined);
              }
            }}
          />
          {changePhone ? <PhoneChange form={form} /> : <p className="ob-muted">{t('bank.sameMobile')}</p>}
        </section>
        <AccountCode form={form} />
      </form>
    </Page>
  );
}
