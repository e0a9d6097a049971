/** country meta (prefix /cou). */
import { z } from 'zod';

export const CountryIpRequest = z.object({});
export const CountryIpResponse = z.object({ ip: z.string(), countryCode: z.string(), allowed: z.boolean() });
export const CountryCodeRequest = z.object({});
export const CountryCodeResponse = z.object({
  countryCode: z.string(),
  name: z.string(),
  dialCode: z.string(),
  currency: z.string(),
  languages: z.array(z.string()),
  timezone: z.string(),
});
/** added under /api: Pakistan states and their cities */
export const StatesRequest = z.object({});
export const StatesResponse = z.object({
  /** `name` and `cities` are the values sent back; `labels` is what the borrower reads, in the request's language */
  states: z.array(
    z.object({ code: z.string(), name: z.string(), cities: z.array(z.string()), labels: z.object({ name: z.string(), cities: z.array(z.string()) }) }),
  ),
});
