/** The proof form's draft per order, in localStorage: what was typed and the uploaded photo's id survive a reload. */
export interface ProofDraft {
  fileId?: number;
  fileName?: string;
  amount?: string;
  transactionRef?: string;
  paidAt?: string;
  channel?: string;
}

const key = (orderNo: string) => `repay.proofDraft.${orderNo}`;

export function loadDraft(orderNo: string): ProofDraft {
  try {
    const raw = localStorage.getItem(key(orderNo));
    const d = raw ? (JSON.parse(raw) as ProofDraft) : {};
    return d && typeof d === 'object' ? d : {};
  } catch {
    return {};
  }
}

export function saveDraft(orderNo: string, draft: ProofDraft): void {
  try {
    localStorage.setItem(key(orderNo), JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the form still works */
  }
}

export function clearDraft(orderNo: string): void {
  try {
    localStorage.removeItem(key(orderNo));
  } catch {
    /* nothing stored */
  }
}
