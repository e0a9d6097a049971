/** Table types. Times are int8 epoch milliseconds of the business clock (parsed to number on both drivers). */
import type { Generated, ColumnType } from 'kysely';
import type { StaffRole } from '../staff/roles';

type Json<T = unknown> = ColumnType<T, string, string>;

export interface DB {
  users: {
    id: Generated<number>;
    mobile: string;
    created_at: number;
    credit_limit: number;
    on_time_count: number;
    first_name: string | null;
    last_name: string | null;
    data_deleted_at: number | null;
    /** the card coupon not yet used (granted once, when the first receiving account is added) */
    card_coupon: Generated<number>;
    card_coupon_granted: Generated<boolean>;
    /** WALL-CLOCK ms (not the business clock) of the last code entered or money action: the idle time counts from it (domain/moneyGuard.ts) */
    verified_at: Generated<number | null>;
    /** the language of the borrower's last call: their texts and notices are in it */
    lang: Generated<'en' | 'ur'>;
    /** the borrower turned texted notices and reminders off (the in-app inbox still gets them) */
    notices_opt_out: Generated<boolean>;
  };
  sessions: {
    id: Generated<number>;
    user_id: number;
    token_hash: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    revoked_reason: string | null;
    /** WALL-CLOCK ms of the last call seen (written at most every POLICY.sessionSeenWriteMs); null: none since migration 15 */
    last_seen_at: Generated<number | null>;
  };
  otps: {
    id: Generated<number>;
    mobile: string;
    purpose: string;
    channel: string;
    code_hash: string;
    created_at: number;
    expires_at: number;
    attempts: number;
    used_at: number | null;
  };
  profiles: {
    user_id: number;
    basic: Json | null;
    addition: Json | null;
    questionnaire: Json | null;
    ocr: Json | null;
    /** keyed hash of basic.nationalId (which is sealed), for lookups */
    national_id_index: string | null;
    images_done_at: number | null;
    updated_at: number;
  };
  documents: {
    id: Generated<number>;
    user_id: number;
    kind: string;
    storage_key: string;
    mime: string;
    size: number;
    created_at: number;
  };
  bank_cards: {
    id: Generated<number>;
    user_id: number;
    role: string;
    card_type: string;
    bank_index: number | null;
    bank_name: string;
    /** the bank's code in the bank list, or the bank identifier an IBAN carries (null: an IBAN saved before codes were kept) */
    bank_code: string | null;
    /** sealed (atRest.ts) */
    account_number: string;
    /** keyed hash of the account number, for lookups */
    account_index: string | null;
    card_holder: string;
    created_at: number;
    /** when a code from the registered number approved this account (null: added before codes were asked; paying to it needs one) */
    verified_at: Generated<number | null>;
  };
  products: {
    id: string;
    sort: number;
    active: boolean;
    terms: Json;
  };
  orders: {
    id: Generated<number>;
    order_no: string;
    user_id: number;
    product_id: string;
    amount: number;
    tenure_days: number;
    status: number;
    terms: Json;
    created_at: number;
    updated_at: number;
    submitted_at: number | null;
    decided_at: number | null;
    decision: string | null;
    score: number | null;
    lending_at: number | null;
    disbursed_at: number | null;
    due_at: number | null;
    paid_off_at: number | null;
    /** the extensions paid (the ledger's `extensionFee` journals; the penalty's period) */
    extension_count: number;
    cancel_reason: string | null;
    fail_reason: string | null;
    bank_card: Json | null;
    upload_flags: Json | null;
    lending_key: Generated<string | null>;
  };
  order_events: {
    id: Generated<number>;
    order_id: number;
    type: string;
    status: number;
    at: number;
    note: string | null;
  };
  payments: {
    id: Generated<number>;
    pay_order_id: string;
    order_id: number;
    user_id: number;
    kind: string;
    amount: number;
    channel_id: string | null;
    idempotency_key: string;
    status: string;
    created_at: number;
    completed_at: number | null;
    expires_at: number;
    fail_reason: Generated<string | null>;
  };
  /** one money event of an order; its postings sum to zero (repos/ledger.ts `post`) */
  journals: {
    id: Generated<number>;
    order_id: number;
    /** the money event (docs/ledger.md): one of domain/balances.ts JOURNAL_KINDS, checked on read by repos/ledger.ts */
    kind: string;
    at: number;
    /** accruals: accrued through this day (interest: day held; penalty: overdue day of `period`); payments: the overdue day they were made on */
    day: number | null;
    /** extensions paid before it: the due date it belongs to */
    period: number;
    /** the due date a disbursal or an extension sets */
    due_at: number | null;
    payment_id: number | null;
    proof_id: number | null;
    note: string | null;
  };
  /** one leg of a journal: `amount` signed, debit positive, credit negative, integer rupees */
  postings: {
    id: Generated<number>;
    journal_id: number;
    order_id: number;
    account: string;
    amount: number;
  };
  proofs: {
    id: Generated<number>;
    order_id: number;
    user_id: number;
    document_id: number;
    amount: number;
    reference: string;
    channel: string;
    status: string;
    created_at: number;
    checked_at: number | null;
    paid_on: Generated<string | null>;
    /** the staff member who accepted or rejected it, and why (migration 15) */
    checked_by: Generated<number | null>;
    check_reason: Generated<string | null>;
  };
  credit_raises: {
    id: Generated<number>;
    user_id: number;
    at: number;
    from_limit: number;
    to_limit: number;
  };
  /** agreements to the device permissions: one row each time a borrower agrees (never updated) */
  consents: {
    id: Generated<number>;
    user_id: number;
    version: string;
    permissions: Json<string[]>;
    agreed_at: number;
  };
  content: {
    key: string;
    lang: string;
    body: Json;
  };
  audit_log: {
    id: Generated<number>;
    at: number;
    kind: string;
    detail: Json;
  };
  blobs: {
    key: string;
    user_id: number;
    data: Buffer;
    created_at: number;
  };
  rate_hits: {
    key: string;
    n: number;
    reset_at: number;
  };
  /** phones' reports of a remote's release, one row per release and reporter, each kind counted (domain/releaseReports.ts); times wall-clock ms */
  release_reports: {
    remote: string;
    version: string;
    reporter: string;
    fallbacks: Generated<number>;
    crashes: Generated<number>;
    starts: Generated<number>;
    first_at: number;
    last_at: number;
    /** the latest crash or fallback */
    crashed_at: number | null;
    /** a device's row: its address's keyed hash (the devices an address counts as are bounded) */
    address: string | null;
  };
  /** market profile: the risk warning each borrower acknowledged, which version and when (business clock) */
  risk_acknowledgements: {
    id: Generated<number>;
    user_id: number;
    version: string;
    lang: string;
    at: number;
  };
  /** market profile: complaint (grievance) tickets */
  complaints: {
    id: Generated<number>;
    ticket_no: string;
    user_id: number;
    category: string;
    body: string;
    document_id: number | null;
    status: 'open' | 'inProgress' | 'resolved';
    created_at: number;
    resolve_by: number;
    resolved_at: number | null;
    /** staff's answer to the borrower and an escalation to a supervisor (migration 15); business-clock ms like the ticket's */
    reply: Generated<string | null>;
    replied_at: Generated<number | null>;
    replied_by: Generated<number | null>;
    escalated_at: Generated<number | null>;
    escalated_by: Generated<number | null>;
  };
  /** operations staff (migration 15): apart from borrowers; every time here is WALL-CLOCK ms (security clocks, not the business clock) */
  staff: {
    id: Generated<number>;
    username: string;
    name: string;
    role: StaffRole;
    /** scrypt, parameters and salt in the string (staff/password.ts) */
    password_hash: string;
    /** the TOTP secret (base32), sealed at rest (db/atRest.ts sealText) */
    totp_secret: string;
    /** the last TOTP time step accepted: a code is used once */
    totp_last_step: number | null;
    failed_count: Generated<number>;
    locked_until: number | null;
    created_at: number;
    created_by: number | null;
    disabled_at: number | null;
  };
  /** a browser's web-push subscription, made with the borrower's consent in one session (the device: removed at its log-out) */
  push_subscriptions: {
    id: Generated<number>;
    user_id: number;
    session_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: number;
  };
  staff_sessions: {
    id: Generated<number>;
    staff_id: number;
    token_hash: string;
    created_at: number;
    last_seen_at: number;
    /** the absolute end, whatever the activity */
    expires_at: number;
    ended_at: number | null;
    ended_reason: string | null;
  };
  /** append-only (a trigger refuses update, delete, truncate); each row's hash chains the one before (staff/auditChain.ts) */
  staff_audit: {
    seq: number;
    at: number;
    staff_id: number | null;
    action: string;
    subject: string | null;
    detail: Json;
    prev_hash: string;
    hash: string;
  };
  /** maker-checker proposals of money actions (staff/proposals.ts) */
  proposals: {
    id: Generated<number>;
    kind: 'waiver' | 'refund' | 'writeOff' | 'payoutRetry';
    order_id: number;
    payload: Json;
    reason: string;
    status: 'pending' | 'applied' | 'rejected' | 'failed';
    maker_id: number;
    created_at: number;
    checker_id: number | null;
    decided_at: number | null;
    outcome: Json | null;
  };
  /** an application whose score fell in REVIEW_MANUAL_BAND, waiting for a reviewer (services/reviewQueue.ts); the order stays Applying */
  review_holds: {
    order_id: number;
    score: number;
    /** the score's parts (domain/scoring.ts scoreParts) */
    reasons: Json;
    held_at: number;
    /** the service clock: one working day after `held_at` (domain/workingDays.ts) */
    answer_by: number;
    decided_at: number | null;
    decided_by: number | null;
    decision: 'approve' | 'reject' | null;
    reason: string | null;
  };
  /** a collections contact attempt on an overdue loan, with any promise to pay (services/collections.ts) */
  collection_contacts: {
    id: Generated<number>;
    order_id: number;
    staff_id: number;
    at: number;
    channel: 'call' | 'sms' | 'whatsapp' | 'email';
    party: 'borrower' | 'emergencyContact';
    outcome: 'reached' | 'promiseToPay' | 'noAnswer' | 'wrongNumber' | 'refused';
    note: string | null;
    /** YYYY-MM-DD (Pakistan), set exactly when the outcome is promiseToPay */
    promise_date: string | null;
    promise_amount: number | null;
  };
  /** a queue item a staff member is working until `expires_at` (business clock; services/queueClaims.ts); one holder per item */
  queue_claims: {
    queue: 'review' | 'proof' | 'complaint' | 'collections';
    /** the item's key in its queue: an order number (review, collections), a proof id, a ticket number */
    item: string;
    staff_id: number;
    claimed_at: number;
    expires_at: number;
  };
  /** a refund of overpayment approved (maker-checker), for the payout rail to send by its `reference` (docs/ledger.md) */
  refunds: {
    id: Generated<number>;
    order_id: number;
    proposal_id: number;
    amount: number;
    reference: string;
    /** due until the rail's result: sent, or failed (the amount owed back again) */
    status: 'due' | 'sent' | 'failed';
    created_at: number;
    sent_at: number | null;
  };
  /** one payout, collection or refund attempt through the rails (repos/transfers.ts, migrations 19 and 28) */
  transfers: {
    id: Generated<number>;
    /** ours, unique per attempt: the provider's merchant reference */
    reference: string;
    kind: TransferKind;
    order_id: number;
    /** the payment a collection takes (null otherwise) */
    payment_id: number | null;
    /** the refund a refund transfer sends (null otherwise) */
    refund_id: number | null;
    amount: number;
    /** the receiving account or wallet, masked (the full number stays sealed on the order) */
    account_masked: string;
    state: TransferState;
    provider_ref: string | null;
    /** when the provider says the money moved (its clock), from its notice or inquiry */
    provider_at: number | null;
    fail_reason: string | null;
    created_at: number;
    updated_at: number;
    inquired_at: number | null;
    inquiries: Generated<number>;
    /** the settlement file that listed it */
    settlement_file: string | null;
  };
  /** the provider's settlement files read by the reconciliation */
  settlement_files: {
    name: string;
    period_end: number;
    lines: number;
    total: number;
    read_at: number;
  };
  /** what the settlement files and the ledger disagree on, with the evidence (operations) */
  rail_exceptions: {
    id: Generated<number>;
    kind: 'missing' | 'extra' | 'amount' | 'conflict' | 'bureauTotals' | 'bureauRecord' | 'bureauFile';
    reference: string;
    transfer_id: number | null;
    file: string | null;
    evidence: Json;
    created_at: number;
  };
  /** the credit bureau's monthly file, one per month (`yyyy-mm`): held (its totals not the ledger's), sending (sent, no answer yet), or the bureau's answer */
  bureau_submissions: {
    period: string;
    reference: string;
    state: 'held' | 'sending' | 'accepted' | 'partial' | 'rejected';
    file: string;
    totals: Json;
    ledger: Json;
    answer: Json | null;
    created_at: number;
    attempt_at: number;
    attempts: Generated<number>;
    answered_at: number | null;
  };
  /** each text given to the SMS gateway (or only reported by it: a report may come before the answer), by the gateway's id */
  sms_messages: {
    id: Generated<number>;
    message_id: string;
    /** `code:<purpose>` or `notice:<kind>`; null while only the report is known */
    purpose: string | null;
    to_masked: string | null;
    /** ours: `notice:<id>` for a notice's text */
    ref: string | null;
    state: SmsState;
    /** the gateway's delivery status (DELIVRD, UNDELIV...) */
    status: string | null;
    sent_at: number | null;
    reported_at: number | null;
  };
  notices: {
    id: Generated<number>;
    user_id: number;
    order_id: number;
    kind: string;
    /** with order and kind, the notice's once-key: the due date of a reminder or overdue notice, the payment of a receipt */
    key: string;
    params: Json;
    created_at: number;
    read_at: number | null;
    sms: NoticeSms;
    sms_ref: string | null;
    /** when a job run claimed its text (`sending`) */
    sms_claimed_at: number | null;
  };
}

export type SmsState = 'submitted' | 'delivered' | 'undelivered';
/**
 * a notice's text: waiting to be sent (night, or the next job run), claimed, sent, refused by the gateway, not sent
 * (opted out, or its day past), or unknown (left claimed by a crash, and nothing shows the gateway took it)
 */
export type NoticeSms = 'waiting' | 'sending' | 'sent' | 'failed' | 'optedOut' | 'stale' | 'unknown';

export type TransferState = 'initiated' | 'pending' | 'succeeded' | 'failed' | 'unknown';
/** a payout sends the loan, a collection takes a payment, a refund sends back an approved overpayment */
export type TransferKind = 'payout' | 'collection' | 'refund';
