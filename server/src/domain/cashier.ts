/** The simulated cashier's payment channels (POLICY.cashierChannels). */
import { POLICY } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';

/** The payment channels with their names in `lang` (Urdu, or English for any other). */
export const channelsIn = (lang: string) => POLICY.cashierChannels.map(({ names, ...c }) => ({ ...c, name: names[lang === 'ur' ? 'ur' : 'en'] }));

/** refuses (noPaymentMethod) a channel that is unknown or switched off */
export function requireChannel(channelId: string): void {
  const ch = POLICY.cashierChannels.find((c) => c.channelId === channelId);
  if (!ch || !ch.enabled) fail(ErrorCode.noPaymentMethod);
}
