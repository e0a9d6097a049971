/**
 * The one-time code: its field, 'get code' (then 'resend in N s') and the voice-call link, each
 * disabled while its countdown runs or a code is being asked for. The caller asks the server
 * (`onSend`) and runs the countdowns (useCountdown). `texts` is the i18n key prefix of the
 * caller's strings: code, getCode, resendIn ({{wait}}: waitText; {{s}} the seconds, for strings released before it),
 * voice, voiceIn (the same).
 */
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { DigitsField, type DigitsFieldProps } from './DigitsField';
import { waitText } from './waitText';

export type CodeChannel = 'sms' | 'voice';
export const ONE_TIME_CODE_LENGTH = 6;

export interface OneTimeCodeFieldProps extends Omit<DigitsFieldProps, 'max' | 'label'> {
  texts: string;
  smsLeft: number;
  voiceLeft: number;
  /** the channel a code is being asked on now */
  sending: CodeChannel | null;
  onSend(channel: CodeChannel): void;
}

export const OneTimeCodeField = forwardRef<HTMLInputElement, OneTimeCodeFieldProps>(function OneTimeCodeField(
  { texts, smsLeft, voiceLeft, sending, onSend, ...field },
  ref,
) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field-row">
        <DigitsField ref={ref} label={t(`${texts}.code`)} max={ONE_TIME_CODE_LENGTH} autoComplete="one-time-code" {...field} />
        <Button variant="secondary" onClick={() => onSend('sms')} disabled={smsLeft > 0 || sending !== null} busy={sending === 'sms'}>
          {smsLeft > 0 ? t(`${texts}.resendIn`, { s: smsLeft, wait: waitText(t, smsLeft) }) : t(`${texts}.getCode`)}
        </Button>
      </div>
      <button type="button" className="link-button" onClick={() => onSend('voice')} disabled={voiceLeft > 0 || sending !== null}>
        {voiceLeft > 0 ? t(`${texts}.voiceIn`, { s: voiceLeft, wait: waitText(t, voiceLeft) }) : t(`${texts}.voice`)}
      </button>
    </>
  );
});
