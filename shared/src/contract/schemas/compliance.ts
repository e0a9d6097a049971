/** Market profile (issue 29): the risk warning's acknowledgement and the complaint (grievance) tickets. */
import { z } from 'zod';
import { isoDateTime } from './common';

export const AcknowledgeRiskWarningRequest = z.object({
  /** the warning's version the borrower read (marketConfig profile.riskWarningVersion) */
  version: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(40),
  lang: z.enum(['en', 'ur']),
});
export const AcknowledgeRiskWarningResponse = z.object({ version: z.string(), acknowledgedAt: isoDateTime });

export const COMPLAINT_CATEGORIES = ['charges', 'repayment', 'collection', 'disbursal', 'data', 'other'] as const;
export const COMPLAINT_TEXT_MAX = 1000;
export const COMPLAINT_STATUSES = ['open', 'inProgress', 'resolved'] as const;

export const ComplaintInput = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: 'validation.complaintCategory' }),
  text: z.string({ error: 'validation.complaintText' }).trim().min(10, 'validation.complaintText').max(COMPLAINT_TEXT_MAX, 'validation.complaintTextTooLong'),
  /** a photo uploaded with complaintPhoto (optional) */
  fileId: z.number().int().positive().optional(),
});
export type ComplaintInput = z.infer<typeof ComplaintInput>;

export const Complaint = z.object({
  ticketNo: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  text: z.string(),
  hasPhoto: z.boolean(),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: isoDateTime,
  /** the lender answers within this */
  resolveBy: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
  /** the lender's answer (staff, operations console), as written */
  reply: z.object({ text: z.string(), at: isoDateTime }).nullable(),
  /** not resolved by resolveBy: where the borrower may take it (the regulator's complaint route) */
  escalation: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type Complaint = z.infer<typeof Complaint>;
export const CreateComplaintResponse = z.object({ complaint: Complaint });
export const ComplaintListRequest = z.object({});
export const ComplaintListResponse = z.object({ complaints: z.array(Complaint) });
