/** Cancelling an unconfirmed loan: what happens to the limit, one reason (a single choice), success or failure. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASONS, call, endpoints, errorMessageOf, toast } from 'shared';
import { Button, Dialog, RadioGroup } from 'shared/ui';
import { cancelReasonError, type CancelReason } from '../../features/cancelRules';

interface Props {
  orderNo: string;
  open: boolean;
  onClose(): void;
  onCancelled(): void;
}

export function CancelDialog({ orderNo, open, onClose, onCancelled }: Props) {
  const { t } = useTranslation('loan');
  const [chosen, setChosen] = useState<CancelReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = cancelReasonError(chosen);
    if (problem) {
      setError(t(problem));
      toast(t(problem), 'error');
      return;
    }
    setBusy(true);
    try {
      await call(endpoints.cancelOrder, { id: orderNo, reason: chosen! });
      toast(t('cancel.success'), 'success');
      onCancelled();
    } catch (e) {
      toast(t('cancel.fail'), 'error');
      setError(`${t('cancel.fail')}: ${errorMessageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('cancel.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void submit()}>
            {t('cancel.submit')}
          </Button>
        </>
      }
    >
      <p className="badge badge--warn" style={{ whiteSpace: 'normal', borderRadius: 8, padding: 10 }} role="note">
        {t('cancel.warning')}
      </p>
      <RadioGroup
        label={t('cancel.reasonLabel')}
        name="cancel-reason"
        vertical
        options={CANCEL_REASONS.map((r) => ({ value: r, label: t(`cancel.reasons.${r}`) }))}
        value={chosen}
        onChange={(v) => {
          setError(null);
          setChosen(v as CancelReason);
        }}
        error={error ?? undefined}
      />
    </Dialog>
  );
}
