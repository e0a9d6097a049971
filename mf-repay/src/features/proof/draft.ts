/** The proof form's draft per order: what was typed and the uploaded photo's id survive a reload (not a log-out). */
import { userStorage } from 'shared';

export interface ProofDraft {
  fileId?: number;
  fileName?: string;
  amount?: string;
  transactionRef?: string;
  paidAt?: string;
  channel?: string;
}

const store = userStorage('repay');
const key = (orderNo: string) => `proofDraft:${orderNo}`;

export function loadDraft(orderNo: string): ProofDraft {
  const d = store.get<ProofDraft>(key(orderNo));
  return d && typeof d === 'object' ? d : {};
}

export function saveDraft(orderNo: string, draft: ProofDraft): void {
  store.set(key(orderNo), draft);
}

export function clearDraft(orderNo: string): void {
  store.remove(key(orderNo));
}
