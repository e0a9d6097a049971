/**
 * Money goes only to verified accounts (issue 25): a money action needs a code from the registered
 * number again when the borrower was idle (domain/moneyGuard.ts) or the account is new, and every
 * change of where the money goes is told to the borrower. Rules recorded in docs/decisions.md.
 */
import type { AuthedCtx } from '../context/deps';
import C from '../api/contract';
import type { AccountNotice, BankCardView } from '../api/contract';
import { ErrorCode, AppError, fail } from '../core/errors';
import { iso } from '../core/time';
import { isIdle, type VerifyReason } from '../domain/moneyGuard';
import { verifyOtp } from './otp';
import { markVerified } from '../repos/users';
import { audit, auditOfUser } from '../repos/audit';
import { POLICY } from '../settings/policy';

const { normalizeMobile } = C;

/**
 * Before a money action: a moneyAction code is needed when the borrower was idle, or always for
 * `reason` (paying to an account no code approved, switching to the backup). Without one the call
 * answers verificationRequired; the client asks the code and retries the call with it. The idle
 * time is wall-clock time, not the business clock (which dev controls and tests move by days).
 */
export async function requireMoneyVerification(ctx: AuthedCtx, code: string | undefined, reason?: Exclude<VerifyReason, 'idle'>): Promise<void> {
  const { deps } = ctx;
  const user = ctx.user;
  const wallNow = Date.now();
  const why: VerifyReason | undefined = reason ?? (isIdle(user.verified_at ?? null, wallNow, deps.cfg.moneyIdleSeconds) ? 'idle' : undefined);
  if (why) {
    if (!code) fail(ErrorCode.verificationRequired, { purpose: 'moneyAction', reason: why });
    await verifyOtp(deps, user.mobile, 'moneyAction', code);
  }
  await markVerified(deps.db, user.id, wallNow);
}

/** An account change: the bankAccount code sent to the registered number; its errors name the accountCode field. */
export async function requireAccountCode(ctx: AuthedCtx, code: string | undefined, consume: boolean): Promise<void> {
  if (!code) fail(ErrorCode.accountCodeRequired, { fields: { accountCode: 'validation.codeRequired' } });
  try {
    await verifyOtp(ctx.deps, ctx.user.mobile, 'bankAccount', code, consume);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, { ...(e.data as object), fields: { accountCode: 'validation.codeInvalid' } });
    throw e;
  }
  if (consume) await markVerified(ctx.deps.db, ctx.user.id, Date.now());
}

const AUDIT_KIND = 'account.changed';
/** what noticeAccountChange audits of each change */
const NOTICE_DETAIL = C.schemas.AccountNotice.omit({ at: true });

/** the text message of each change (the borrower's language at the time of the change) */
const NOTICE_TEXT: Record<AccountNotice['kind'], { en: string; ur: string }> = {
  primaryChanged: {
    en: 'LoanMarket: your receiving account was changed to {bank} {account}. If this was not you, call customer service now.',
    ur: 'LoanMarket: آپ کا رقم وصول کرنے والا اکاؤنٹ {bank} {account} میں بدل دیا گیا۔ اگر یہ آپ نے نہیں کیا تو فوراً کسٹمر سروس کو کال کریں۔',
  },
  backupChanged: {
    en: 'LoanMarket: your backup account was changed to {bank} {account}. If this was not you, call customer service now.',
    ur: 'LoanMarket: آپ کا بیک اپ اکاؤنٹ {bank} {account} میں بدل دیا گیا۔ اگر یہ آپ نے نہیں کیا تو فوراً کسٹمر سروس کو کال کریں۔',
  },
  backupUsed: {
    en: 'LoanMarket: your loan will be paid to your backup account {bank} {account}. If this was not you, call customer service now.',
    ur: 'LoanMarket: آپ کا قرض آپ کے بیک اپ اکاؤنٹ {bank} {account} میں بھیجا جائے گا۔ اگر یہ آپ نے نہیں کیا تو فوراً کسٹمر سروس کو کال کریں۔',
  },
};

/** tells the borrower (text to the registered number, through the OTP sender) and keeps the notice for the accounts screen */
export async function noticeAccountChange(ctx: AuthedCtx, kind: AccountNotice['kind'], card: BankCardView, now: number): Promise<void> {
  const user = ctx.user;
  await audit(ctx.deps.db, now, AUDIT_KIND, { userId: user.id, kind, bankName: card.bankName, accountMasked: card.accountMasked });
  const text = NOTICE_TEXT[kind][ctx.lang].replace('{bank}', card.bankName).replace('{account}', card.accountMasked);
  await ctx.deps.otp.notify(normalizeMobile(user.mobile), kind, text);
}

/** the latest changes of the borrower's receiving accounts, newest first */
export async function accountNotices(ctx: AuthedCtx): Promise<AccountNotice[]> {
  const rows = await auditOfUser(ctx.deps.db, AUDIT_KIND, ctx.user.id, POLICY.accountNoticesShown, NOTICE_DETAIL);
  return rows.map(({ at, detail: d }) => ({ kind: d.kind, bankName: d.bankName, accountMasked: d.accountMasked, at: iso(at) }));
}
