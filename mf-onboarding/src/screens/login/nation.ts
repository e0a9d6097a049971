/** The chosen country of the mobile number (user/nation), kept on the device. */
import { readLocal, writeLocal } from '../../features/storage';

export interface Nation {
  countryCode: string;
  name: string;
  dialCode: string;
}
export const DEFAULT_NATION: Nation = { countryCode: 'PK', name: 'Pakistan', dialCode: '+92' };
const KEY = 'nation';

export function readNation(): Nation {
  return readLocal<Nation>(KEY) ?? DEFAULT_NATION;
}
export function saveNation(n: Nation): void {
  writeLocal(KEY, n);
}
