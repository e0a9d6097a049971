/** user/portal: the borrower's receiving accounts (primary and backup) and the bank list. */
import type { AuthedCtx, Ctx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { BankCardInput } from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { jsonb } from '../db/json';
import { statusIn } from '../domain/lifecycle';
import { blindIndex, sealText } from '../db/atRest';
import { advanceOrder, progressOf } from '../usecases/onboarding';
import { cardView } from '../usecases/cardView';
import { verifyOtp } from '../usecases/otp';
import { holderMatches } from '../domain/moneyGuard';
import { accountNotices, noticeAccountChange, requireAccountCode } from '../usecases/moneyGuard';
import { activeOrder, keepCard } from '../repos/orders';
import { transition } from '../usecases/lifecycle';
import { addEvent } from '../repos/orderEvents';
import { cardOf, cardsOf, putCard, type CardRole } from '../repos/cards';
import { grantCardCoupon } from '../repos/users';
import { applyCardCoupon } from '../usecases/coupon';
import { CONTENT, content } from '../repos/content';

const { OrderStatus, AWAITING_CONFIRM_STATUSES, OWING_STATUSES, normalizeMobile, ibanBankCode } = C;

/** adding or replacing an account: the holder is the borrower, and the bankAccount code from the registered number (checked first, used last) */
async function saveCard(p: BankCardInput, ctx: AuthedCtx, role: CardRole) {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  if (!holderMatches(p.cardHolder, user.first_name, user.last_name))
    fail(ErrorCode.holderNameMismatch, { fields: { cardHolder: 'validation.holderNotBorrower' } });
  await requireAccountCode(ctx, p.accountCode, false);
  if (p.mobile && normalizeMobile(p.mobile) !== user.mobile) {
    if (!p.code) fail(ErrorCode.cardCodeRequired, { fields: { code: 'validation.codeRequired' } });
    await verifyOtp(ctx.deps, normalizeMobile(p.mobile), 'bindCard', p.code);
  }
  await requireAccountCode(ctx, p.accountCode, true);
  const banks = (await content(db, CONTENT.banks)) ?? [];
  const bank = p.cardType === 'IBAN' ? undefined : banks.find((b) => b.index === p.bankIndex);
  const bankName = p.cardType === 'IBAN' ? 'IBAN' : (bank?.name ?? '');
  const bankCode = p.cardType === 'IBAN' ? ibanBankCode(p.accountNumber) : (bank?.code ?? null);
  const now = clock.now();
  const values = {
    user_id: user.id,
    role,
    card_type: p.cardType,
    bank_index: p.bankIndex ?? null,
    bank_name: bankName,
    bank_code: bankCode,
    account_number: sealText(p.accountNumber),
    account_index: blindIndex(p.accountNumber),
    card_holder: p.cardHolder,
    created_at: now,
    verified_at: now,
  };
  const card = await db.transaction().execute(async (trx) => {
    const card = await putCard(trx, values);
    if (role === 'primary') {
      // the coupon for authorising a card: once per borrower; a loan being repaid gets it now, else the loan paid out next
      await grantCardCoupon(trx, user.id, POLICY.cardCoupon);
      const o = await activeOrder(trx, user.id);
      if (o?.disbursed_at && statusIn(OWING_STATUSES, o.status)) await applyCardCoupon(trx, o, now);
      if (o && o.status === OrderStatus.PayFail) {
        // Edit after a failed payout: new receiving account, ready to get money again (18)
        await transition(trx, o, 'cardChanged', now, { set: { bank_card: jsonb(card), fail_reason: null } });
      } else if (o && statusIn(AWAITING_CONFIRM_STATUSES, o.status)) {
        await keepCard(trx, o, card);
        await addEvent(trx, o.id, 'cardChanged', o.status, now);
      } else await advanceOrder(trx, user.id, now);
    }
    return card;
  });
  await noticeAccountChange(ctx, role === 'primary' ? 'primaryChanged' : 'backupChanged', cardView(card, ctx.lang), now);
  return card;
}

export async function addBankCard(p: Req<'addBankCard'>, ctx: AuthedCtx): Promise<Res<'addBankCard'>> {
  const card = await saveCard(p, ctx, 'primary');
  return { card: cardView(card, ctx.lang), progress: await progressOf(ctx.deps.db, ctx.user.id) };
}
export async function bindBackupBankCard(p: Req<'bindBackupBankCard'>, ctx: AuthedCtx): Promise<Res<'bindBackupBankCard'>> {
  const primary = await cardOf(ctx.deps.db, ctx.user.id, 'primary');
  if (!primary) fail(ErrorCode.cardInfoNull);
  return { card: cardView(await saveCard(p, ctx, 'backup'), ctx.lang) };
}
export async function backupBankCardDetail(_p: Req<'backupBankCardDetail'>, ctx: AuthedCtx): Promise<Res<'backupBankCardDetail'>> {
  const cards = await cardsOf(ctx.deps.db, ctx.user.id);
  const f = (r: string) => cards.find((c) => c.role === r);
  return {
    primary: f('primary') ? cardView(f('primary')!, ctx.lang) : null,
    backup: f('backup') ? cardView(f('backup')!, ctx.lang) : null,
    notices: await accountNotices(ctx),
  };
}

export async function bankList(_p: Req<'bankList'>, ctx: Ctx): Promise<Res<'bankList'>> {
  return {
    banks: (await content(ctx.deps.db, CONTENT.banks, ctx.lang)) ?? [],
    wallets: (await content(ctx.deps.db, CONTENT.wallets, ctx.lang)) ?? [],
  };
}
