/** Cancelling an unconfirmed loan: the limit warning, exactly one reason, success or failure. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, CANCEL_REASONS, Checkbox, Dialog, call, endpoints, toast } from 'shared';
import { cancelReasonError, type CancelReason } from '../../features/cancelRules';

interface Props {
  orderNo: string;
  open: boolean;
  onClose(): void;
  onCancelled(): void;
}

export function CancelDialog({ orderNo, open, onClose, onCancelled }: Props) {
  const { t } = useTranslation('loan');
  const [chosen, setChosen] = useState<CancelReason[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (r: CancelReason, on: boolean) => {
    setError(null);
    setChosen((c) => (on ? [...c, r] : c.filter((x) => x !== r)));
  };

  const submit = async () => {
    const problem = cancelReasonError(chosen);
    if (problem) {
      setError(t(problem));
      toast(t(problem), 'error');
      return;
    }
    setBusy(true);
    try {
      await call(endpoints.cancelOrder, { id: orderNo, reason: chosen[0] });
      toast(t('cancel.success'), 'success');
      onCancelled();
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : '';
      toast(t('cancel.fail'), 'error');
      setError(msg ? `${t('cancel.fail')}: ${msg}` : t('cancel.fail'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('cancel.title')}
      onClose={onClose}
      actions={(
        <>
          <Button variant="secondary" onClick={onClose}>{t('cancel.keep')}</Button>
          <Button variant="danger" busy={busy} onClick={() => void submit()}>{t('cancel.submit')}</Button>
        </>
      )}
    >
      <p className="badge badge--warn" style={{ whiteSpace: 'normal', borderRadius: 8, padding: 10 }} role="note">{t('cancel.warning')}</p>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={error ? 'cancel-error' : undefined}>
        <legend className="field__label">{t('cancel.reasonLabel')}</legend>
        {CANCEL_REASONS.map((r) => (
          <Checkbox key={r} label={t(`cancel.reasons.${r}`)} checked={chosen.includes(r)} onChange={(e) => toggle(r, e.target.checked)} />
        ))}
      </fieldset>
      {error ? <p className="field__error" id="cancel-error" role="alert">{error}</p> : null}
    </Dialog>
  );
}
