import {
  NOT_A_LEGAL_DETERMINATION,
  type TrustFindingCounts,
  type TrustFindingRecord,
} from '../../shared/trust-findings.js';

// Open trust-safety findings as GET /api/admin/trust-findings answers them, for the settings
// card's tests and screenshots: a critical one (a large sum, a long client name) and a warning.

export const counts = (high: number, medium: number, acknowledged = 0): TrustFindingCounts => ({
  open: high + medium,
  acknowledged,
  openBySeverity: { high, medium, low: 0 },
});

export const aFinding = (over: Partial<TrustFindingRecord> = {}): TrustFindingRecord => ({
  id: 'f0000000-0000-4000-8000-000000000001',
  kind: 'negative_trust_balance',
  severity: 'high',
  status: 'open',
  title:
    'A trust balance is below zero by $1,234,567.89: more went out for this client or matter than came in.',
  action:
    'Find the entry that caused it (the ledger shows a running balance) and correct it, e.g. a deposit not yet recorded or a disbursement from the wrong ledger.',
  disclaimer: NOT_A_LEGAL_DETERMINATION,
  amount: '1234567.89',
  bankAccountId: '7b0c5a56-1d2e-4f3a-9b8c-000000000001',
  clientId: 'c0000000-0000-4000-8000-000000000003',
  clientName: 'The Bartholomew-Featherstonehaugh Family Irrevocable Generation-Skipping Trust',
  matterId: 'a0000000-0000-4000-8000-000000000003',
  matterName: 'Estate administration and probate (Cuyahoga County)',
  transactionId: null,
  statement: null,
  detectedAt: '2026-11-21T10:00:00.000Z',
  resolvedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgementNote: null,
  acknowledgedByPerson: null,
  acknowledgements: [],
  ...over,
});

export const openFindings: TrustFindingRecord[] = [
  aFinding(),
  aFinding({
    id: 'f0000000-0000-4000-8000-000000000002',
    kind: 'outside_refund',
    severity: 'medium',
    title:
      "$150.00 of a trust payment was refunded directly at the payment service, outside this service's trust checks.",
    action:
      "Confirm the refund was intended and that the client's trust balance covered it; make refunds through this service so its trust check applies.",
    amount: '150.00',
    clientId: 'c0000000-0000-4000-8000-000000000001',
    clientName: 'Jane Roe',
    matterId: null,
    matterName: null,
    transactionId: 'e0000000-0000-4000-8000-000000000001',
    detectedAt: '2026-11-20T09:30:00.000Z',
  }),
];
