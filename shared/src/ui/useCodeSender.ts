/**
 * Asking for a one-time code from a screen: which channel is sending, the wait before the next one
 * (kept across reloads under `waitKey`), and a toast of how it went; a refusal that names a wait
 * (asked too soon) starts that wait.
 */
import { useState } from 'react';
import { codeWaitOf, errorMessageOf, toast } from 'shared';
import type { CodeChannel } from './OneTimeCodeField';
import { useCountdown } from './useCountdown';

export function useCodeSender(waitKey: string, sentText: (channel: CodeChannel) => string) {
  const countdown = useCountdown(waitKey);
  const [sending, setSending] = useState<CodeChannel | null>(null);

  /** `ask` makes the getVerifyCode call (its answer names the wait before the next code) */
  const send = async (channel: CodeChannel, ask: () => Promise<{ resendAfterSeconds: number }>) => {
    setSending(channel);
    try {
      countdown.start((await ask()).resendAfterSeconds);
      toast(sentText(channel), 'success');
    } catch (e) {
      const wait = codeWaitOf(e);
      if (wait) countdown.start(wait);
      toast(errorMessageOf(e), 'error');
    } finally {
      setSending(null);
    }
  };
  return { left: countdown.left, sending, send };
}
