import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from 'shared/ui';
import type { CashierChannel } from '../../features/types';

interface Props {
  channels: CashierChannel[];
  value: string;
  onChange(channelId: string): void;
  error?: string;
}

/** The payment channels as large radio rows; disabled channels are shown but cannot be chosen. */
export function ChannelList({ channels, value, onChange, error }: Props) {
  const { t } = useTranslation('repay');
  const id = useId();
  return (
    <fieldset className="repay-channels" aria-describedby={error ? `${id}-error` : undefined} data-testid="repay-channels">
      <legend className="field__label">{t('cashier.channel')}</legend>
      {channels.map((c) => (
        <label key={c.channelId} className={`repay-channel ${c.enabled ? '' : 'repay-channel--off'}`}>
          <input type="radio" name="channel" value={c.channelId} checked={value === c.channelId} disabled={!c.enabled} onChange={() => onChange(c.channelId)} />
          <span className="repay-row__main">
            <span className="repay-channel__name">{c.name}</span>
            {!c.enabled ? (
              <span className="repay-muted">{t('cashier.unavailable')}</span>
            ) : t(`cashier.channelType.${c.type}`).toLowerCase() !== c.name.toLowerCase() ? (
              <span className="repay-muted">{t(`cashier.channelType.${c.type}`)}</span>
            ) : null}
          </span>
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
