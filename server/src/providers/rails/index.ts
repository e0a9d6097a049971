/**
 * The money rails behind interfaces, one per kind of provider (server/README.md "Money rails"):
 *   Disburser  pays a loan out to the borrower's wallet or bank account
 *   Collector  takes a repayment from the borrower's wallet
 *   SettlementDrop  the provider's settlement files (what it says moved, per cut-off)
 *   Callbacks  reads the provider's signed notices of a result
 * and, declared where they live: the SMS gateway (`OtpProvider`, providers/otpDelivery.ts) and the credit
 * bureau (`CreditBureau`, market/creditBureau.ts). A transfer's answer is never an exception: a provider that
 * does not answer in time is `unknown`, and the status inquiry finds out later.
 */
import type { RailKind } from './protocol';

export type { RailKind };

export interface TransferOrder {
  /** ours, unique per attempt; the provider's merchant reference */
  reference: string;
  amount: number;
  /** the borrower's mobile (the wallet collected from; the payee's notified number) */
  msisdn: string;
  /** where a payout goes: a wallet number or an IBAN; the msisdn for a collection */
  account: string;
  bankCode: string | null;
  /** the order number, shown in the provider's statements */
  billReference: string;
}

export type RailAnswer =
  | { state: 'pending' }
  | { state: 'succeeded'; amount: number; providerRef: string; at: number }
  | { state: 'failed'; reason: string; providerRef: string | null }
  /** an inquiry: the provider has no transfer of that reference */
  | { state: 'notFound' }
  /** no answer in time, or one that could not be read: the money may or may not have moved */
  | { state: 'unknown'; reason: string };

export interface Rail {
  /** starts the transfer: most answers are `pending`, the result comes by callback or inquiry */
  start(t: TransferOrder): Promise<RailAnswer>;
  /** the provider's status of a transfer we started */
  inquire(reference: string): Promise<RailAnswer>;
}

/** a provider's notice of a transfer's result, its signature checked */
export interface RailNotice {
  kind: RailKind;
  reference: string;
  answer: RailAnswer;
}

export interface SettlementDrop {
  /** the files the provider has published, oldest first */
  files(): Promise<string[]>;
  read(name: string): Promise<string>;
}

export interface Rails {
  disburse: Rail;
  collect: Rail;
  /** the notice in a callback's body, or null when its signature (or shape) is wrong */
  notice(body: unknown): RailNotice | null;
  settlement: SettlementDrop;
}
