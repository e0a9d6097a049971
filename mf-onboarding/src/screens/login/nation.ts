/** The chosen country of the mobile number (user/nation), kept on the device (a log-out keeps it). */
import { deviceStorage } from 'shared';

export interface Nation {
  countryCode: string;
  name: string;
  dialCode: string;
}
export const DEFAULT_NATION: Nation = { countryCode: 'PK', name: 'Pakistan', dialCode: '+92' };
const KEY = 'nation';
const device = deviceStorage('onboarding');

export function readNation(): Nation {
  return device.get<Nation>(KEY) ?? DEFAULT_NATION;
}
export function saveNation(n: Nation): void {
  device.set(KEY, n);
}
