import { sql } from 'drizzle-orm';
import { FAILED_MONEY_OUT_STATUSES } from '../../../shared/money-out.js';
import type { TrustFindingKind, TrustFindingSeverity } from '../../../shared/trust-findings.js';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import { toLedger, type LedgerRow } from '../ledger/apply.js';
import { familyEffects } from '../ledger/effects.js';
import { matterScope } from '../ledger/totals.js';

// The causes of trust-safety findings, read from what we store now: each a pure reading of
// state, so re-evaluating after any change finds the same causes or sees one gone.

export interface Cause {
  kind: TrustFindingKind;
  /** Stable per cause: the same cause found again updates its finding. */
  key: string;
  severity: TrustFindingSeverity;
  amountCents: number | null;
  bankAccountId: string | null;
  clientId: string | null;
  matterId: string | null;
  transactionId: string | null;
  statementId: string | null;
  details: Record<string, string | number | null>;
}

const none = {
  amountCents: null,
  clientId: null,
  matterId: null,
  transactionId: null,
  statementId: null,
};

/** Trust accounts the service uses for its fees or its chargebacks (bank account sync). */
export async function accountFlagCauses(db: Executor, orgId: string): Promise<Cause[]> {
  type Row = { id: string; name: string; fee: boolean; chargeback: boolean };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select id, name, is_fee_account as fee, is_chargeback_account as chargeback
      from bank_accounts
      where org_id = ${orgId}::uuid and category = 'trust'
        and (is_fee_account or is_chargeback_account)`),
  );
  const flags = [
    { kind: 'trust_fee_account', prefix: 'fee_account', set: (a: Row) => a.fee },
    {
      kind: 'trust_chargeback_account',
      prefix: 'chargeback_account',
      set: (a: Row) => a.chargeback,
    },
  ] as const;
  return rows.flatMap((a) =>
    flags
      .filter((flag) => flag.set(a))
      .map(({ kind, prefix }) => ({
        ...none,
        kind,
        key: `${prefix}:${a.id}`,
        severity: 'high' as const,
        bankAccountId: a.id,
        details: { bankAccountName: a.name },
      })),
  );
}

/**
 * Statement debits taken from a trust account: the remote says `fromBankAccountCategory`
 * trust, or the debit's mask matched one of our trust accounts.
 */
export async function statementDebitCauses(db: Executor, orgId: string): Promise<Cause[]> {
  const rows = rowsOf<{
    id: string;
    statement_id: string;
    service_id: string;
    month: string;
    amount_cents: string | number;
    bank_account_id: string | null;
    nickname: string;
    mask: string;
    descriptor: string;
  }>(
    await db.execute(sql`
      select d.id, d.statement_id, s.service_id, s.month, d.amount_cents, d.bank_account_id,
        d.from_bank_account_nickname as nickname, d.from_bank_account_mask as mask,
        d.statement_descriptor as descriptor
      from statement_debits d
      join statements s on s.id = d.statement_id
      left join bank_accounts a on a.id = d.bank_account_id
      where d.org_id = ${orgId}::uuid and d.amount_cents > 0
        and (lower(d.from_bank_account_category) = 'trust' or a.category = 'trust')`),
  );
  // Two debits of one statement from one account for one reason are one finding, summed.
  const causes = new Map<string, Cause>();
  for (const d of rows) {
    const key = `statement_debit:${d.service_id}:${d.mask}:${d.descriptor}`.slice(0, 255);
    const found = causes.get(key);
    if (found) {
      found.amountCents = (found.amountCents ?? 0) + Number(d.amount_cents);
      continue;
    }
    causes.set(key, {
      ...none,
      kind: 'trust_statement_debit',
      key,
      severity: 'high',
      amountCents: Number(d.amount_cents),
      bankAccountId: d.bank_account_id,
      statementId: d.statement_id,
      details: {
        statementServiceId: d.service_id,
        month: d.month,
        bankAccountName: d.nickname,
        mask: d.mask,
        descriptor: d.descriptor,
      },
    });
  }
  return [...causes.values()];
}

/** What a payment's findings are, each keyed `prefix:paymentId`. */
const PAYMENT_FINDINGS = [
  { kind: 'trust_chargeback', prefix: 'chargeback', severity: 'high' },
  { kind: 'trust_ach_return', prefix: 'ach_return', severity: 'medium' },
  { kind: 'outside_refund', prefix: 'outside_refund', severity: 'medium' },
  { kind: 'outside_void', prefix: 'outside_void', severity: 'medium' },
  // A payer's surcharge is the firm's money: paid into trust, it is firm money in trust.
  { kind: 'surcharge_in_trust', prefix: 'surcharge', severity: 'medium' },
] as const satisfies readonly {
  kind: TrustFindingKind;
  prefix: string;
  severity: TrustFindingSeverity;
}[];

type PaymentFindingKind = (typeof PAYMENT_FINDINGS)[number]['kind'];

/** The keys a payment's findings have: re-evaluating the payment settles each of them. */
export const transactionKeys = (paymentId: string) =>
  PAYMENT_FINDINGS.map((f) => `${f.prefix}:${paymentId}`);

type FamilyRow = LedgerRow & { head: string; surcharge: string; bank_account_name: string };

/**
 * The payments (family heads) into trust accounts these transactions belong to: a reversal's
 * payment, or itself. Money of operating accounts raises no finding, so a batch without trust
 * money costs this one query.
 */
export async function trustHeadsOf(
  db: Executor,
  orgId: string,
  transactionIds: readonly string[],
): Promise<string[]> {
  if (transactionIds.length === 0) return [];
  const rows = rowsOf<{ head: string }>(
    await db.execute(sql`
      select distinct coalesce(t.original_transaction_id, t.id) as head from transactions t
      join bank_accounts b on b.id = t.bank_account_id and b.category = 'trust'
      where t.org_id = ${orgId}::uuid and t.id in (${uuidList(transactionIds)})`),
  );
  return rows.map((r) => r.head);
}

/**
 * Chargebacks, ACH returns, and refunds or voids made at the service directly (more than our
 * money-out requests asked), of payments into trust accounts. The amounts are the ledger's
 * (effects.ts), so a finding and the balances never disagree on what moved.
 */
export async function transactionCauses(
  db: Executor,
  orgId: string,
  heads: readonly string[],
): Promise<Cause[]> {
  if (heads.length === 0) return [];
  const family = rowsOf<FamilyRow>(
    await db.execute(sql`
      select t.id, coalesce(t.original_transaction_id, t.id) as head, t.type, t.status,
        t.amount::text as amount, t.amount_refunded::text as amount_refunded, t.bank_account_id,
        t.client_id, t.matter_id, t.original_transaction_id, t.created_on,
        round(t.surcharge_amount * 100)::text as surcharge, b.name as bank_account_name
      from transactions t
      join bank_accounts b on b.id = t.bank_account_id and b.category = 'trust'
      where t.org_id = ${orgId}::uuid
        and (t.id in (${uuidList(heads)}) or t.original_transaction_id in (${uuidList(heads)}))`),
  );
  const asked = rowsOf<{ transaction_id: string; kind: string; cents: string | number }>(
    await db.execute(sql`
      select transaction_id, kind,
        sum(coalesce(round(amount * 100), 0)) as cents
      from money_out_requests
      where org_id = ${orgId}::uuid and transaction_id in (${uuidList(heads)})
        and status not in (${sql.join(
          FAILED_MONEY_OUT_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
      group by transaction_id, kind`),
  );
  const ours = (head: string, kind: string) =>
    asked.filter((a) => a.transaction_id === head && a.kind === kind);
  // Grouped once: a batch of a thousand payments read its family rows a million times.
  const families = new Map<string, FamilyRow[]>();
  for (const r of family) {
    const rows = families.get(r.head);
    if (rows) rows.push(r);
    else families.set(r.head, [r]);
  }
  const causes: Cause[] = [];
  for (const head of heads) {
    const rows = families.get(head) ?? [];
    const payment = rows.find((r) => r.id === head);
    if (!payment) continue;
    const members = rows.filter((r) => r.id !== head).map(toLedger);
    const moved = new Map<string, number>();
    for (const e of familyEffects(toLedger(payment), members, new Date())) {
      moved.set(e.kind, (moved.get(e.kind) ?? 0) - e.amountCents);
    }
    const base = {
      ...none,
      bankAccountId: payment.bank_account_id,
      clientId: payment.client_id,
      matterId: payment.matter_id,
      transactionId: payment.id,
      details: { paymentType: payment.type },
    };
    // Cents each finding is about; none (0 or less) raises no finding.
    const cents: Record<PaymentFindingKind, number> = {
      trust_chargeback: moved.get('charged_back') ?? 0,
      trust_ach_return: moved.get('returned') ?? 0,
      outside_refund:
        (moved.get('refunded') ?? 0) -
        ours(head, 'refund').reduce((s, a) => s + Number(a.cents), 0),
      outside_void: ours(head, 'void').length === 0 ? (moved.get('voided') ?? 0) : 0,
      surcharge_in_trust: payment.status === 'ERROR' ? 0 : Number(payment.surcharge),
    };
    for (const { kind, prefix, severity } of PAYMENT_FINDINGS) {
      const amountCents = cents[kind];
      const details =
        kind === 'surcharge_in_trust'
          ? { ...base.details, bankAccountName: payment.bank_account_name }
          : base.details;
      if (amountCents > 0) {
        causes.push({ ...base, kind, key: `${prefix}:${head}`, severity, amountCents, details });
      }
    }
  }
  return causes;
}

export interface BalanceScope {
  bankAccountId: string;
  clientId: string | null;
  matterId: string | null;
}

/** A row (of a raw query) that names an account, a client and a matter. */
export interface ScopeRow {
  bank_account_id: string;
  client_id: string | null;
  matter_id: string | null;
}

/** A balance scope from a row that names its account, client and matter. */
export const balanceScopeOf = (r: ScopeRow): BalanceScope => ({
  bankAccountId: r.bank_account_id,
  clientId: r.client_id,
  matterId: r.matter_id,
});

export const negativeKey = (s: BalanceScope) =>
  `negative:${s.bankAccountId}:${s.clientId ?? '-'}:${s.matterId ?? '-'}`;

/**
 * Clients' matters (and a client's money with no matter) whose balance in a trust account is
 * below zero, among `scopes` (the ledger's per-matter totals).
 */
export async function negativeBalanceCauses(
  db: Executor,
  orgId: string,
  scopes: readonly BalanceScope[],
): Promise<Cause[]> {
  if (scopes.length === 0) return [];
  const wanted = sql.join(
    scopes.map((s) => sql`(${s.bankAccountId}::uuid, ${matterScope(s.clientId, s.matterId)})`),
    sql`, `,
  );
  const rows = rowsOf<
    ScopeRow & {
      balance_cents: string | number;
      since: string | Date | null;
    }
  >(
    await db.execute(sql`
      select b.bank_account_id, b.client_id, b.matter_id, b.balance_cents,
        b.negative_since as since
      from ledger_balances b
      join bank_accounts a on a.id = b.bank_account_id and a.category = 'trust'
      where b.org_id = ${orgId}::uuid and b.balance_cents < 0
        and (b.bank_account_id, b.scope) in (${wanted})`),
  );
  return rows.map((r) => ({
    ...none,
    kind: 'negative_trust_balance',
    key: negativeKey({
      bankAccountId: r.bank_account_id,
      clientId: r.client_id,
      matterId: r.matter_id,
    }),
    severity: 'high',
    amountCents: -Number(r.balance_cents),
    bankAccountId: r.bank_account_id,
    clientId: r.client_id,
    matterId: r.matter_id,
    details: { negativeSince: r.since ? new Date(r.since).toISOString() : null },
  }));
}
