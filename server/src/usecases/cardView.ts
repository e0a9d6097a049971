/** A bank card as the borrower sees it: bank name in their language, account masked. */
import C from '../api/contract';
import type { BankCardView } from '../api/contract';
import { openText } from '../db/atRest';
import { bankNameIn } from '../settings/banks';
import { iso } from '../core/time';
import { maskAccount } from '../core/mask';
import type { CardRow } from '../repos/cards';

const { ibanBankCode } = C;

/** `c`: a card row, or the copy an order keeps (rows from before bank codes lack bank_code) */
export function cardView(c: CardRow, lang: string): BankCardView {
  const account = openText(c.account_number);
  return {
    cardId: Number(c.id),
    role: c.role as 'primary' | 'backup',
    cardType: c.card_type as BankCardView['cardType'],
    bankIndex: c.bank_index ?? null,
    bankName: bankNameIn(lang, c.card_type, c.bank_index ?? null, c.bank_name),
    // an IBAN saved before codes were kept still carries its bank's
    bankCode: c.bank_code ?? (c.card_type === 'IBAN' ? ibanBankCode(account) : null),
    cardHolder: c.card_holder,
    accountMasked: maskAccount(account),
    createdAt: iso(Number(c.created_at)),
  };
}
