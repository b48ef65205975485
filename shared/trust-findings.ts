import { z } from 'zod';
import { personRecord } from './people.js';
import { listQuery } from './schemas.js';

// Trust-safety findings (docs/api.md#trust-safety-findings): what our records show that may put
// clients' trust money at risk. Signals for a person to look at, never a legal determination.

/**
 * What was found:
 * - `trust_fee_account`: a trust account is the service's fee account (fees come out of trust);
 * - `trust_chargeback_account`: a trust account is where the service takes chargebacks;
 * - `trust_statement_debit`: a monthly statement says the service debited a trust account;
 * - `trust_chargeback`: a card payment into trust was charged back;
 * - `trust_ach_return`: an ACH payment into trust was returned;
 * - `negative_trust_balance`: a client's (matter's) trust balance is below zero;
 * - `outside_refund` / `outside_void`: trust money refunded / voided at the service directly,
 *   not through our guarded money-out requests;
 * - `unreconciled_month`: a trust account's last month was not reconciled and signed off by
 *   the 10th of the next.
 * - `surcharge_in_trust`: a payer's surcharge (the firm's money) was paid into a trust account.
 */
export const TRUST_FINDING_KINDS = [
  'trust_fee_account',
  'trust_chargeback_account',
  'trust_statement_debit',
  'trust_chargeback',
  'trust_ach_return',
  'negative_trust_balance',
  'outside_refund',
  'outside_void',
  'unreconciled_month',
  'surcharge_in_trust',
] as const;
export type TrustFindingKind = (typeof TRUST_FINDING_KINDS)[number];

/** `high`: trust money is (or may be) gone or used for what it is not; `medium`: look soon. */
export const TRUST_FINDING_SEVERITIES = ['high', 'medium', 'low'] as const;
export type TrustFindingSeverity = (typeof TRUST_FINDING_SEVERITIES)[number];

/**
 * `open`: the cause is there and nobody acknowledged it; `acknowledged`: the cause is there, an
 * admin noted it; `resolved`: the cause is gone.
 */
const TRUST_FINDING_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type TrustFindingStatus = (typeof TRUST_FINDING_STATUSES)[number];

/** Said with every finding, in the API and the widgets alike. */
export const NOT_A_LEGAL_DETERMINATION =
  'This is an automated signal from the records this service holds, not a legal or ethics ' +
  'determination: check it with your bookkeeper or trust-accounting counsel.';

/** One acknowledgement of a finding: its note, its author (null: none named) and its time. */
export const acknowledgementNote = z.object({
  note: z.string(),
  by: personRecord,
  /** What the caller presented (`api-key:<id>`), as stored before people were named. */
  actor: z.string(),
  at: z.iso.datetime(),
});
export type AcknowledgementNote = z.infer<typeof acknowledgementNote>;

export const trustFindingRecord = z.object({
  id: z.uuid(),
  kind: z.enum(TRUST_FINDING_KINDS),
  severity: z.enum(TRUST_FINDING_SEVERITIES),
  status: z.enum(TRUST_FINDING_STATUSES),
  /** What was found, in a sentence. */
  title: z.string(),
  /** What to do about it. */
  action: z.string(),
  disclaimer: z.string(),
  /** The money at stake ("123.45"), or null when none can be named (a flag on an account). */
  amount: z.string().nullable(),
  bankAccountId: z.uuid().nullable(),
  clientId: z.uuid().nullable(),
  /** The client's name as stored here, for a person to read (null without a client). */
  clientName: z.string().nullable(),
  matterId: z.uuid().nullable(),
  matterName: z.string().nullable(),
  /** Our transaction concerned (the reversal, or the payment it reverses). */
  transactionId: z.uuid().nullable(),
  /** The service's statement id and month, for a statement debit. */
  statement: z.object({ serviceId: z.string(), month: z.string() }).nullable(),
  detectedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgementNote: z.string().nullable(),
  /** The person of the last acknowledgement. */
  acknowledgedByPerson: personRecord,
  /** Every acknowledgement, oldest first: acknowledging again adds a note, never replaces one. */
  acknowledgements: z.array(acknowledgementNote),
});
export type TrustFindingRecord = z.infer<typeof trustFindingRecord>;

export const trustFindingListQuery = listQuery.extend({
  status: z
    .enum(TRUST_FINDING_STATUSES, { error: 'must be open, acknowledged or resolved' })
    .default('open'),
  severity: z.enum(TRUST_FINDING_SEVERITIES, { error: 'must be high, medium or low' }).optional(),
  kind: z.enum(TRUST_FINDING_KINDS, { error: 'must be one of the finding kinds' }).optional(),
  /** The language of `title`, `action` and `disclaimer` (the widgets' on a Spanish page). */
  lang: z.enum(['en', 'es'], { error: 'must be en or es' }).default('en'),
});
export type TrustFindingListQuery = z.infer<typeof trustFindingListQuery>;

export const trustFindingAcknowledge = z.strictObject({
  note: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(2000, { error: 'must be at most 2000 characters' }),
});

/** Unresolved findings by status and severity: integration health, /metrics, the settings card. */
export const trustFindingCounts = z.object({
  open: z.number().int(),
  acknowledged: z.number().int(),
  openBySeverity: z.object({
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
  }),
});
export type TrustFindingCounts = z.infer<typeof trustFindingCounts>;
