import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  TRUST_FINDING_KINDS,
  TRUST_FINDING_SEVERITIES,
  type AcknowledgementNote,
} from '../../../shared/trust-findings.js';
import {
  at,
  cents,
  oneOf,
  orgKey,
  ownedRow,
  partOf,
  personColumns,
  serviceId,
  tenantColumns,
  updatedAt,
} from './columns.js';

/** The service's monthly statements, as fetched (`statements` after `statement.created`). */
export const statements = pgTable(
  'statements',
  {
    ...tenantColumns,
    serviceId: serviceId().notNull(),
    /** `YYYY-MM`. */
    month: varchar('month', { length: 7 }).notNull(),
    fetchedAt: at('fetched_at').notNull(),
  },
  (t) => [
    uniqueIndex('statements_org_service_id').on(t.orgId, t.serviceId),
    index('statements_org_month').on(t.orgId, t.month),
  ],
);

/**
 * What a statement says the service took from a bank account. The remote names the account by
 * category, mask and nickname only; `bank_account_id` is ours when the mask matched one.
 */
export const statementDebits = pgTable(
  'statement_debits',
  {
    ...ownedRow(),
    statementId: partOf('statement_id', () => statements.id),
    position: integer('position').notNull(),
    amountCents: cents('amount_cents').notNull(),
    fromBankAccountCategory: varchar('from_bank_account_category', { length: 255 }).notNull(),
    fromBankAccountMask: varchar('from_bank_account_mask', { length: 255 }).notNull(),
    fromBankAccountNickname: varchar('from_bank_account_nickname', { length: 255 }).notNull(),
    statementDescriptor: varchar('statement_descriptor', { length: 255 }).notNull(),
    bankAccountId: uuid('bank_account_id'),
  },
  (t) => [uniqueIndex('statement_debits_statement_position').on(t.statementId, t.position)],
);

/**
 * Trust-safety findings (server/domain/trust-findings): one row per cause while it lasts. A
 * cause has a stable `key` (`fee_account:<bank account>`, `negative:<account>:<client>:<matter>`,
 * ...): re-evaluation updates the open row of a key, resolves it when the cause is gone, and a
 * cause that comes back later is a new row. Rows are kept: the history of what was found.
 */
export const trustFindings = pgTable(
  'trust_findings',
  {
    ...tenantColumns,
    kind: text('kind', { enum: TRUST_FINDING_KINDS }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    severity: text('severity', { enum: TRUST_FINDING_SEVERITIES }).notNull(),
    amountCents: cents('amount_cents'),
    bankAccountId: uuid('bank_account_id'),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    transactionId: uuid('transaction_id'),
    statementId: uuid('statement_id'),
    /** What the wording needs (account name, statement month, descriptor...). */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull(),
    resolvedAt: at('resolved_at'),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedBy: varchar('acknowledged_by', { length: 255 }),
    acknowledgementNote: text('acknowledgement_note'),
    /** The person of the last acknowledgement. */
    ...personColumns('acknowledgedBy', 'acknowledged_by'),
    /** Every acknowledgement's note with its author and time, oldest first (never replaced). */
    acknowledgements: jsonb('acknowledgements')
      .$type<AcknowledgementNote[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    // One live finding per cause.
    uniqueIndex('trust_findings_org_key_live')
      .on(t.orgId, t.key)
      .where(sql`resolved_at is null`),
    index('trust_findings_org_created_id').on(t.orgId, t.createdAt, t.id),
    check('trust_findings_kind', oneOf('kind', TRUST_FINDING_KINDS)),
    check('trust_findings_severity', oneOf('severity', TRUST_FINDING_SEVERITIES)),
  ],
);

/** The stages of the findings' backfill, in order (server/book/trust-findings/backfill.ts). */
export const FINDINGS_BACKFILL_STAGES = ['accounts', 'transactions', 'balances'] as const;

/**
 * The one-time evaluation of causes stored before findings existed (an upgraded database): one
 * row per organization at the upgrade (migration 0022), walked by the `trust-findings.backfill`
 * job: the accounts' flags and stored statements, then the transactions in id order
 * (`afterTransactionId`), then the ledger's matter balances in key order (`afterBankAccountId`,
 * `afterScope`). Organizations made later have none: their causes are evaluated as they change.
 */
export const trustFindingsBackfills = pgTable(
  'trust_findings_backfills',
  {
    orgId: orgKey(),
    stage: text('stage', { enum: FINDINGS_BACKFILL_STAGES }).notNull().default('accounts'),
    afterTransactionId: uuid('after_transaction_id'),
    afterBankAccountId: uuid('after_bank_account_id'),
    afterScope: varchar('after_scope', { length: 80 }),
    transactionsEvaluated: bigint('transactions_evaluated', { mode: 'number' })
      .notNull()
      .default(0),
    completedAt: at('completed_at'),
    updatedAt: updatedAt(),
  },
  () => [check('trust_findings_backfills_stage', oneOf('stage', FINDINGS_BACKFILL_STAGES))],
);
