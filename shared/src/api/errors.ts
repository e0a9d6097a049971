import { ErrorCode } from '../contract/errorCodes';
import { i18n } from '../i18n/setup';

/** What a failed call throws: the server's envelope, or a network failure. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
    public readonly network = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** field -> i18n key of a validation failure (see the error catalogue) */
  get fields(): Record<string, string> {
    const d = this.data as { fields?: Record<string, string> } | null;
    return d && typeof d === 'object' && d.fields && typeof d.fields === 'object' ? d.fields : {};
  }
}

/** Code of a failure on the client side: no answer, time-out, unreadable answer. */
export const NETWORK_ERROR_CODE = -1;
export const BAD_RESPONSE_CODE = -2;

/** The wait the server asks for before another code (otpThrottled), in seconds, else null. */
export function codeWaitOf(e: unknown): number | null {
  const err = toApiError(e);
  const wait = (err.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
  return err.code === ErrorCode.otpThrottled && wait ? wait : null;
}

/** Any failure as an ApiError: what `call` throws is one already; anything else counts as a failed request. */
export function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(BAD_RESPONSE_CODE, i18n.t('common:error.requestFailed'));
}

/**
 * What the borrower reads for a failure: the server's message (in their language; a network
 * failure says so), else 'request failed'. The one mapping every screen uses.
 */
export const errorMessageOf = (e: unknown): string => toApiError(e).message;
