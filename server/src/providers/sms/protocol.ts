/**
 * The SMS gateway's wire protocol, modelled on Veevo Tech's HTTP SMS API (v3), a Pakistani aggregator's public
 * API: a message is submitted with `apikey`, `receivernum` (92XXXXXXXXXX), `sendernum` (the registered sender id,
 * "masking") and `textmessage`, and answered `STATUS` SUCCESSFUL with the gateway's message id, or ERROR with a code
 * and description; the delivery report (DLR) the operator returns is pushed later to the merchant's URL with the SMPP
 * status words (DELIVRD, UNDELIV, EXPIRED, REJECTD). What Veevo does not publish or does otherwise, and was assumed
 * (server/README.md "SMS"): requests are JSON POSTs and both directions are signed, `X-Timestamp` and `X-Signature`
 * (providers/signing.ts: hex HMAC-SHA256 keyed by the account's secret over `<timestamp>.<body>`; the real API trusts the api key and the
 * portal's IP allow-list), the report's URL is given per message (`dlr_url`; the real one is set in the portal),
 * `unicode` = 1 sends UCS-2 (Urdu). Shared by the API's adapter (sms/gateway.ts) and the sandbox, which plays the gateway.
 */
import { PKT_OFFSET_MS } from '../../core/time';

/** the sandbox's account: the development defaults of both sides (refused in production) */
export const SANDBOX_SMS_KEY = 'dev-only-sms-key';
export const SANDBOX_SMS_SECRET = 'dev-only-sms-secret';

export const SMS_PATHS = { send: '/v3/sendsms' } as const;

export interface SubmitBody {
  apikey: string;
  receivernum: string;
  sendernum: string;
  textmessage: string;
  unicode: '0' | '1';
  dlr_url: string;
  /** ours, echoed in the report */
  ref: string;
}
export type SubmitAnswer = { STATUS: 'SUCCESSFUL'; MESSAGE_ID: string } | { STATUS: 'ERROR'; ERROR_CODE: string; ERROR_DESCRIPTION: string };

/** the delivery statuses (SMPP's `stat`): DELIVRD delivered, every other a final failure */
export const DLR_STATUSES = ['DELIVRD', 'UNDELIV', 'EXPIRED', 'REJECTD'] as const;
export type DlrStatus = (typeof DLR_STATUSES)[number];
export interface DlrBody {
  message_id: string;
  receivernum: string;
  status: DlrStatus;
  /** Pakistan time, yyyy-mm-dd hh:mm:ss */
  done_at: string;
  error_code: string;
  ref: string;
}

/** a national mobile (3XXXXXXXXX) as the gateway writes it, 92XXXXXXXXXX */
export const msisdnOf = (national: string) => `92${national.replace(/^0/, '')}`;
/** text outside GSM's Latin letters goes as UCS-2 */
export const needsUnicode = (text: string) => /[^\x20-\x7e\n\r]/.test(text);
export const dlrTime = (ms: number) => new Date(ms + PKT_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);

export { signature, signedBy, signedHeaders } from '../signing';
