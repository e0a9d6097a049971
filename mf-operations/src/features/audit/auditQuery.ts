/** The audit list's filters as typed (local date-times) to the API's query (ISO times in UTC; empty ones left out). */
export interface AuditFilter {
  staffId: string;
  action: string;
  subject: string;
  /** `<input type="datetime-local">` values: the member's local time */
  from: string;
  to: string;
}
export const EMPTY_FILTER: AuditFilter = { staffId: '', action: '', subject: '', from: '', to: '' };

const iso = (local: string) => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

export function auditQuery(f: AuditFilter): Record<string, string | undefined> {
  return {
    staffId: f.staffId.trim() || undefined,
    action: f.action.trim() || undefined,
    subject: f.subject.trim() || undefined,
    from: iso(f.from),
    to: iso(f.to),
  };
}
