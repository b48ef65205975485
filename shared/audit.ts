/** What the tamper-evident history records (server/book/history/history.ts). */
export const AUDIT_SUBJECTS = [
  'transaction',
  'ledger_entry',
  'money_out_request',
  'reconciliation',
  'finding_acknowledgement',
  /** A second approval asked, approved or rejected (server/book/approvals). */
  'approval',
  'anchor',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];
