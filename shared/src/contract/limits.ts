/** Form limits of spec sections 5 and 9: one place for each. Money figures live in server config. */
export const NATIONAL_ID_LENGTH = 13;
export const NAME_MIN = 3;
export const ADDRESS_MIN = 2;
export const ADDRESS_MAX = 100;
/** Pakistan Post postal codes are 5 digits (the spec names the field only) */
export const PIN_CODE_LENGTH = 5;
/** a place's name (county/tehsil, city of birth): the spec is silent, a contact name's length */
export const PLACE_NAME_MAX = 50;
export const COMPANY_MAX = 100;
/** free text (an address, a company, a contact's name) has at least this many letters or digits */
export const FREE_TEXT_MIN_WORD_CHARS = 2;
/** an amount borrowed before above this is a typing mistake (PKR) */
export const BORROWED_AMOUNT_MAX = 100_000_000;
export const CONTACT_NAME_MAX = 50;
/** an emergency contact's phone as typed: digits only, this many (one more when it starts with 0) */
export const CONTACT_PHONE_DIGITS = 10;
export const MIN_AGE = 18;
export const MAX_AGE = 83; // birthday years cover 65 years up to 18 years ago
export const VALID_PERIOD_YEARS_AHEAD = 50;
export const OTP_LENGTH = 6;
export const WALLET_NUMBER_RE = /^03\d{2} ?\d{7}$/;
export const PK_MOBILE_RE = /^(?:\+?92|0)?3\d{9}$/;
/** a transfer's reference as banks and wallets print it: letters and digits only */
export const TRANSACTION_REF_RE = /^[A-Za-z0-9]+$/;
/** profile links: an https address on the site's own domain (or a subdomain of it) */
export const LINKEDIN_URL_RE = /^https:\/\/([a-z0-9-]+\.)*linkedin\.com(\/[^\s<>"'`]*)?$/i;
export const FACEBOOK_URL_RE = /^https:\/\/([a-z0-9-]+\.)*(facebook\.com|fb\.com)(\/[^\s<>"'`]*)?$/i;
export const DEFAULT_PACKAGE_NAME = 'pk.loanmarket.app';
/** the brand, one spelling in every text (app title, agreement, policies) */
export const BRAND_NAME = { en: 'LoanMarket', ur: 'لون مارکیٹ' } as const;
export const DEFAULT_APP_NAME = BRAND_NAME.en;
export const UI_LANGUAGES = ['en', 'ur'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
/** The language of a stored value, a lang header or a page address's `?lang=`: none, an empty one, or en is English... */
export const DEFAULT_UI_LANGUAGE = 'en' satisfies UiLanguage;
/** ...and any other value is Urdu. The one rule; the production proxy's map of `?lang=` is rendered from these two (platform/src/core/security-headers.ts). */
export const OTHER_UI_LANGUAGE = 'ur' satisfies UiLanguage;
export function uiLanguage(value: string | null | undefined): UiLanguage {
  return !value || value === DEFAULT_UI_LANGUAGE ? DEFAULT_UI_LANGUAGE : OTHER_UI_LANGUAGE;
}
