/**
 * The borrower view of the operations console (issue 40): search by phone, CNIC or order number; a borrower's
 * profile, orders with what each owes (the ledger's balances), payments, proofs and complaints. Identifiers are
 * masked (core/mask.ts); the full mobile number or CNIC is revealed one at a time with a reason, and every read
 * and reveal is in the staff audit trail.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { blindIndex, openText } from '../db/atRest';
import { iso, isoOrNull, pkDate } from '../core/time';
import { maskMobile, maskNationalId } from '../core/mask';
import { POLICY } from '../settings/policy';
import { owed, refundableOf } from '../domain/ledger';
import { moneyOfOrders } from '../repos/ledger';
import { profileOf, type Profile } from '../repos/profiles';
import type { RolesOf } from '../staff/roles';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';

const { ageOn, pakistaniMobile, statusText, NATIONAL_ID_RE } = C;
type Ctx = StaffCtx<RolesOf<'readBorrowers'>>;

/** a borrower's declared data as staff see it: identifiers masked, the full address left out (city and state shown) */
export function declaredView(mobile: string, p: Profile | undefined, now: number) {
  const b = p?.basic ?? null;
  const a = p?.addition ?? null;
  const phone = (v: string | undefined) => (v ? maskMobile(v) : null);
  return {
    mobile: maskMobile(mobile),
    name: b ? [b.firstName, b.middleName, b.lastName].filter(Boolean).join(' ') : null,
    nationalId: b ? maskNationalId(openText(b.nationalId)) : null,
    age: b ? ageOn(b.inputBirthday, new Date(now)) : null,
    gender: b?.gender ?? null,
    education: b?.education ?? null,
    maritalStatus: b?.maritalStatus ?? null,
    loanPurpose: b?.loanPurpose ?? null,
    residenceType: b?.residenceType ?? null,
    city: b?.city ?? null,
    state: b?.state ?? null,
    previouslyBorrowed: b ? { answer: b.previouslyBorrowed, amount: b.previouslyBorrowedAmount ?? null } : null,
    work: a
      ? {
          employmentType: a.employmentType,
          industry: a.industryCategory ?? null,
          designation: a.designation ?? null,
          experience: a.jobExperience ?? null,
          monthlySalary: a.monthlySalary ?? null,
          payFrequency: a.payFrequency ?? null,
          incomeSource: a.incomeSource,
        }
      : null,
    emergencyContacts: a
      ? [
          { name: a.emergencyContactName1, relation: a.emergencyContactRelation1, mobile: phone(a.emergencyContactMobile1) },
          { name: a.emergencyContactName2, relation: a.emergencyContactRelation2, mobile: phone(a.emergencyContactMobile2) },
        ]
      : [],
    idReadConfidence: p?.ocr?.confidence ?? null,
  };
}

/** what a search term is: a mobile number, a 13-digit CNIC (dashes allowed), else an order number */
export function searchKind(q: string): { by: 'mobile' | 'nationalId' | 'orderNo'; value: string } {
  const digits = q.replace(/[\s-]/g, '');
  if (NATIONAL_ID_RE.test(digits)) return { by: 'nationalId', value: digits };
  const m = pakistaniMobile(q);
  if (m) return { by: 'mobile', value: m };
  return { by: 'orderNo', value: q.trim().toUpperCase() };
}

export async function searchBorrowers(ctx: Ctx, q: string) {
  const { db } = ctx.deps;
  const k = searchKind(q);
  let ids: number[];
  if (k.by === 'mobile') ids = (await db.selectFrom('users').select('id').where('mobile', '=', k.value).execute()).map((r) => Number(r.id));
  else if (k.by === 'nationalId')
    ids = (await db.selectFrom('profiles').select('user_id').where('national_id_index', '=', blindIndex(k.value)).execute()).map((r) => Number(r.user_id));
  else ids = (await db.selectFrom('orders').select('user_id').where('order_no', '=', k.value).execute()).map((r) => Number(r.user_id));
  const users = ids.length
    ? await db
        .selectFrom('users as u')
        .select(['u.id', 'u.mobile', 'u.first_name', 'u.last_name', 'u.created_at', 'u.data_deleted_at'])
        .select((eb) => eb.selectFrom('orders as o').select(eb.fn.countAll<number>().as('n')).whereRef('o.user_id', '=', 'u.id').as('orders'))
        .where('u.id', 'in', ids)
        .orderBy('u.id')
        .execute()
    : [];
  const borrowers = users.map((u) => ({
    userId: Number(u.id),
    mobile: maskMobile(u.mobile),
    name: [u.first_name, u.last_name].filter(Boolean).join(' ') || null,
    registeredAt: iso(Number(u.created_at)),
    dataDeleted: u.data_deleted_at !== null,
    orders: Number(u.orders ?? 0),
  }));
  // the term itself is personal data: the trail keeps what kind it was and whom it found
  return audited(ctx, 'borrowers.search', null, async () => ({
    result: { by: k.by, borrowers },
    detail: { by: k.by, userIds: borrowers.map((b) => b.userId) },
  }));
}

const userOrThrow = async (db: Db, userId: number) => {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw new StaffRefusal('notFound');
  return u;
};

/** one borrower: profile (masked), orders with what each owes now, payments, proofs, complaints */
export async function borrowerDetail(ctx: Ctx, userId: number) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const u = await userOrThrow(db, userId);
  const profile = await profileOf(db, userId);
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(POLICY.staff.listPageMax).execute();
  const money = await moneyOfOrders(
    db,
    orders.map((o) => o.id),
  );
  const orderIds = orders.length ? orders.map((o) => o.id) : [-1];
  const [payments, proofs, complaints] = await Promise.all([
    db.selectFrom('payments').selectAll().where('order_id', 'in', orderIds).orderBy('id', 'desc').execute(),
    db.selectFrom('proofs').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
    db.selectFrom('complaints').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
  ]);
  const noById = new Map(orders.map((o) => [o.id, o.order_no]));
  const result = {
    borrower: {
      userId,
      registeredAt: iso(Number(u.created_at)),
      creditLimit: u.credit_limit,
      onTimeRepayments: u.on_time_count,
      dataDeleted: u.data_deleted_at !== null,
      ...declaredView(u.mobile, profile, now),
    },
    orders: orders.map((o) => {
      const m = money.get(o.id)!;
      return {
        orderNo: o.order_no,
        status: o.status,
        statusText: statusText(o.status),
        productId: o.product_id,
        amount: o.amount,
        tenureDays: o.tenure_days,
        createdAt: iso(o.created_at),
        disbursedAt: isoOrNull(o.disbursed_at),
        dueDate: o.due_at ? pkDate(o.due_at) : null,
        paidOffAt: isoOrNull(o.paid_off_at),
        owedNow: owed(o, m, now),
        owing: { principal: m.bal.principal, interest: m.bal.interest, penalty: m.bal.penalty, fee: m.bal.fee, coupon: m.bal.coupon },
        paid: m.paid,
        waived: m.waived,
        refundOwed: refundableOf(m),
        refundOutgoing: -m.bal.refundOutgoing,
        writtenOff: m.bal.writeOffExpense,
      };
    }),
    payments: payments.map((p) => ({
      payOrderId: p.pay_order_id,
      orderNo: noById.get(p.order_id) ?? null,
      kind: p.kind,
      amount: p.amount,
      channel: p.channel_id,
      status: p.status,
      createdAt: iso(Number(p.created_at)),
      completedAt: isoOrNull(p.completed_at),
    })),
    proofs: proofs.map((p) => ({
      proofId: p.id,
      orderNo: noById.get(p.order_id) ?? null,
      amount: p.amount,
      transactionRef: p.reference,
      status: p.status,
      submittedAt: iso(Number(p.created_at)),
      checkedAt: isoOrNull(p.checked_at),
      reason: p.check_reason,
    })),
    complaints: complaints.map((c) => ({
      ticketNo: c.ticket_no,
      category: c.category,
      status: c.status,
      createdAt: iso(c.created_at),
      resolveBy: iso(c.resolve_by),
      answered: c.reply !== null,
      resolvedAt: isoOrNull(c.resolved_at),
    })),
  };
  return audited(ctx, 'borrower.view', `user:${userId}`, async () => ({ result, detail: { orders: orders.map((o) => o.order_no) } }));
}

export const REVEALABLE = ['mobile', 'nationalId'] as const;
export type Revealable = (typeof REVEALABLE)[number];

/** the full mobile number or CNIC of a borrower, with the reason written to the audit trail in the same transaction */
export async function revealField(ctx: Ctx, userId: number, field: Revealable, reason: string) {
  const { db } = ctx.deps;
  const u = await userOrThrow(db, userId);
  let value: string | null = u.mobile;
  if (field === 'nationalId') {
    const b = (await profileOf(db, userId))?.basic;
    value = b ? openText(b.nationalId) : null;
  }
  if (value === null) throw new StaffRefusal('notFound', { field });
  return audited(ctx, 'borrower.reveal', `user:${userId}`, async () => ({ result: { userId, field, value }, detail: { field, reason } }));
}
