/** The proof-of-repayment form: photo, amount, reference, date, channel; validated with the contract's schema. */
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call, toApiError, endpoints, ErrorCode, toast } from 'shared';
import { Button, formatDate } from 'shared/ui';
import { SaveAdditionalRequest } from 'shared/schemas';
import { FormSelectField, FormTextField } from 'shared/forms';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { PhotoPicker } from './PhotoPicker';

const CHANNELS = ['bankTransfer', 'Easypaisa', 'Jazzcash', 'other'] as const;
const schema = SaveAdditionalRequest;

interface FormValues {
  amount: string;
  transactionRef: string;
  paidAt: string;
  channel: string;
}

export function toProofRequest(orderNo: string, fileId: number | undefined, v: FormValues) {
  const amount = v.amount.replace(/[,\s]/g, '');
  return {
    orderNo,
    fileId,
    amount: amount === '' ? undefined : Number(amount),
    transactionRef: v.transactionRef,
    paidAt: v.paidAt || undefined,
    channel: v.channel || undefined,
  };
}

export function ProofForm({ orderNo, onSubmitted }: { orderNo: string; onSubmitted(): void }) {
  const { t } = useTranslation('repay');
  const draft = loadDraft(orderNo);
  const [fileId, setFileId] = useState<number | undefined>(draft.fileId);
  const [fileName, setFileName] = useState<string | undefined>(draft.fileName);
  const [photoError, setPhotoError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pickerKey, setPickerKey] = useState(0);

  // the contract's request schema decides; its messages are i18n keys
  const resolver: Resolver<FormValues> = async (values) => {
    const r = schema.safeParse(toProofRequest(orderNo, fileId ?? 0, values));
    if (r.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of r.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'fileId' || errors[field]) continue;
      errors[field] = { type: issue.code, message: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid' };
    }
    return { values: {}, errors };
  };

  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      amount: draft.amount ?? '',
      transactionRef: draft.transactionRef ?? '',
      paidAt: draft.paidAt ?? '',
      channel: draft.channel ?? 'bankTransfer',
    },
  });

  const { handleSubmit, watch, reset, setError, formState } = form;

  // keep the draft as the borrower types
  useEffect(() => {
    const sub = watch((v) =>
      saveDraft(orderNo, { ...loadDraft(orderNo), amount: v.amount, transactionRef: v.transactionRef, paidAt: v.paidAt, channel: v.channel }),
    );
    return () => sub.unsubscribe();
  }, [watch, orderNo]);

  function onUploaded(id: number | undefined, name?: string) {
    setFileId(id);
    setFileName(name);
    if (id) setPhotoError(undefined);
    saveDraft(orderNo, { ...loadDraft(orderNo), fileId: id, fileName: name });
  }

  const submit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      if (!fileId) {
        setPhotoError(t('proof.photoRequired'));
        return;
      }
      try {
        const req = schema.parse(toProofRequest(orderNo, fileId, values));
        await call(endpoints.saveAdditional, req, { overlay: false });
        toast(t('proof.submitted'), 'success');
        clearDraft(orderNo);
        setFileId(undefined);
        setFileName(undefined);
        setPickerKey((k) => k + 1);
        reset({ amount: '', transactionRef: '', paidAt: '', channel: 'bankTransfer' });
        onSubmitted();
      } catch (e) {
        const err = toApiError(e);
        if (err.code === ErrorCode.fileMissing) {
          onUploaded(undefined);
          setPhotoError(err.message);
          return;
        }
        const fields = Object.entries(err.fields).filter(([f]) => ['amount', 'transactionRef', 'paidAt', 'channel'].includes(f));
        for (const [f, key] of fields) setError(f as keyof FormValues, { type: 'server', message: key });
        if (fields.length === 0) setFormError(err.message);
      }
    },
    () => {
      if (!fileId) setPhotoError(t('proof.photoRequired'));
    },
  );

  return (
    <form className="card" onSubmit={submit} noValidate data-testid="repay-proof-form" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PhotoPicker key={pickerKey} orderNo={orderNo} fileId={fileId} fileName={fileName} onUploaded={onUploaded} error={photoError} />
      <FormTextField
        form={form}
        name="amount"
        label={t('proof.amount')}
        inputMode="numeric"
        pattern="[0-9]*"
        ltr
        autoComplete="off"
        data-testid="repay-proof-amount"
      />
      <FormTextField
        form={form}
        name="transactionRef"
        label={t('proof.transactionRef')}
        hint={t('proof.transactionRefHint')}
        ltr
        autoComplete="off"
        maxLength={64}
        data-testid="repay-proof-ref"
      />
      <FormTextField form={form} name="paidAt" label={t('proof.paidAt')} type="date" max={formatDate(Date.now())} />
      <FormSelectField form={form} name="channel" label={t('proof.channel')} options={CHANNELS.map((c) => ({ value: c, label: t(`proof.channels.${c}`) }))} />
      {formError ? (
        <p className="repay-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" block busy={formState.isSubmitting} data-testid="repay-proof-submit">
        {t('proof.submit')}
      </Button>
    </form>
  );
}
