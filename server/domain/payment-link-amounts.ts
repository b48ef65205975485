import { asc, inArray, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money.js';
import type { LinkAmountInput } from '../../shared/payment-link-inputs.js';
import type { BankAccountCategory } from '../../shared/records.js';
import { rowsOf, type Executor } from '../db/index.js';
import { bankAccounts, paymentLinkAmounts } from '../db/schema/index.js';
import { pairs, rowList } from '../db/sql-lists.js';
import { invalidInput } from '../errors.js';
import { requireReference } from './lookups.js';

// A payment link split between bank accounts (docs/api.md#payment-link-options): its parts, one
// per category, in `payment_link_amounts`. Only a link of two amounts has rows; a link of one
// keeps it on its own row, as the spec has it. Outstanding and paid per part are what the remote
// service reports by category (`balance.operatingOutstanding`, `trustPaid`, ...): with at most
// one account of each category in a link, that is per account.

export interface LinkPart {
  bankAccountId: string | null;
  category: BankAccountCategory;
  amount: string;
  outstandingAmount: string;
  paidAmount: string;
}

/** An amount asked of one bank account, its account checked and its category known. */
export interface ResolvedAmount {
  bankAccountId: string;
  category: BankAccountCategory;
  amount: string;
}

/** Outstanding and paid cents by category, as the remote's `Balance` reports them. */
export type CategoryBalance = Record<BankAccountCategory, { outstanding: string; paid: string }>;

/** The parts of these links, in the order given; a link of one amount has none. */
export async function readSplits(
  db: Executor,
  linkIds: readonly string[],
): Promise<Map<string, LinkPart[]>> {
  const splits = new Map<string, LinkPart[]>();
  if (linkIds.length === 0) return splits;
  const rows = await db
    .select()
    .from(paymentLinkAmounts)
    .where(inArray(paymentLinkAmounts.paymentLinkId, [...linkIds]))
    .orderBy(asc(paymentLinkAmounts.paymentLinkId), asc(paymentLinkAmounts.position));
  for (const row of rows) {
    const list = splits.get(row.paymentLinkId) ?? [];
    list.push({
      bankAccountId: row.bankAccountId,
      category: row.category,
      amount: row.amount,
      outstandingAmount: row.outstandingAmount,
      paidAmount: row.paidAmount,
    });
    splits.set(row.paymentLinkId, list);
  }
  return splits;
}

/**
 * The amounts asked, each bank account checked (and kept from deletion until the write commits),
 * at most one of each category: the service reports a link's balance by category only, and a
 * fee to operating with a retainer to trust is the split firms make.
 */
export async function resolveAmounts(
  db: Executor,
  orgId: string,
  amounts: readonly LinkAmountInput[],
): Promise<ResolvedAmount[]> {
  const resolved: ResolvedAmount[] = [];
  for (const [i, part] of amounts.entries()) {
    const account = await requireReference(
      db,
      bankAccounts,
      orgId,
      part.bankAccountId,
      `amounts.${i}.bankAccountId`,
      'bank account (sync bank accounts first)',
      'key share',
    );
    if (resolved.some((r) => r.category === account.category)) {
      throw invalidInput('A payment link takes at most one operating and one trust amount', {
        [`amounts.${i}.bankAccountId`]: [
          `is a second ${account.category} account: a link splits between one operating and one trust account`,
        ],
      });
    }
    resolved.push({ bankAccountId: account.id, category: account.category, amount: part.amount });
  }
  return resolved;
}

/** Sum of the amounts, as money. */
export const totalOf = (amounts: readonly { amount: string }[]): string =>
  fromCents(amounts.reduce((sum, a) => sum + toCents(a.amount), 0));

/**
 * Replaces a link's parts: rows for two amounts, none for one. `paid` is what each category has
 * already received (the outstanding part is the rest).
 */
export async function writeSplit(
  tx: Executor,
  orgId: string,
  paymentLinkId: string,
  amounts: readonly ResolvedAmount[],
  paid: ReadonlyMap<BankAccountCategory, number>,
): Promise<void> {
  await tx.execute(
    sql`delete from payment_link_amounts where payment_link_id = ${paymentLinkId}::uuid`,
  );
  if (amounts.length < 2) return;
  await tx.insert(paymentLinkAmounts).values(
    amounts.map((a, position) => {
      const paidCents = paid.get(a.category) ?? 0;
      return {
        orgId,
        paymentLinkId,
        position,
        category: a.category,
        bankAccountId: a.bankAccountId,
        amount: a.amount,
        paidAmount: fromCents(paidCents),
        outstandingAmount: fromCents(Math.max(0, toCents(a.amount) - paidCents)),
      };
    }),
  );
}

interface RemoteSplit {
  orgId: string;
  /** The link's remote id. */
  serviceId: string;
  amounts: readonly { amount: string; bankAccountId: string }[];
}

/**
 * The parts of links made here from the remote's data (a transaction for a link we did not
 * have): by category of the remote bank accounts we hold. Links that have parts keep them.
 */
export async function insertRemoteSplits(
  db: Executor,
  links: readonly RemoteSplit[],
): Promise<void> {
  const split = links.filter((l) => l.amounts.length > 1);
  if (split.length === 0) return;
  const refs = split.flatMap((l) =>
    l.amounts.map((a) => ({ orgId: l.orgId, id: a.bankAccountId })),
  );
  const accounts = rowsOf<{ org_id: string; service_id: string; id: string; category: string }>(
    await db.execute(sql`
      select org_id, service_id, id, category from bank_accounts
      where (org_id, service_id) in ${pairs(refs)}`),
  );
  const byRemote = new Map(accounts.map((a) => [`${a.org_id}|${a.service_id}`, a]));
  const rows = split.flatMap((link) => {
    // Two accounts of one category at the service (a link made elsewhere): one part, summed.
    const parts = new Map<string, { id: string; cents: number; position: number }>();
    link.amounts.forEach((a, position) => {
      const account = byRemote.get(`${link.orgId}|${a.bankAccountId}`);
      if (!account) return;
      const part = parts.get(account.category);
      if (part) part.cents += toCents(a.amount);
      else parts.set(account.category, { id: account.id, cents: toCents(a.amount), position });
    });
    if (parts.size < 2) return [];
    return [...parts].map(
      ([category, p]) => sql`(${link.orgId}::uuid, ${link.serviceId}::varchar, ${category}::text,
        ${p.position}::smallint, ${p.id}::uuid, ${fromCents(p.cents)}::numeric)`,
    );
  });
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into payment_link_amounts (org_id, payment_link_id, category, position,
      bank_account_id, amount, outstanding_amount, paid_amount)
    select v.org_id, p.id, v.category, v.position, v.bank_account_id, v.amount, v.amount, 0
    from (values ${rowList(rows)}) as v(org_id, service_id, category, position, bank_account_id, amount)
    join payment_links p on p.org_id = v.org_id and p.service_id = v.service_id
    on conflict do nothing`);
}

/**
 * Outstanding and paid per part, from the remote's balance by category, when the snapshot is the
 * link's newest state (`last_synced_at` at most `at`: the link row took it, or a newer one).
 */
export async function refreshSplitBalances(
  db: Executor,
  items: readonly { orgId: string; serviceId: string; balance: CategoryBalance; at: Date }[],
): Promise<void> {
  if (items.length === 0) return;
  const values = items.flatMap(({ orgId, serviceId, balance, at }) =>
    (['operating', 'trust'] as const).map(
      (category) => sql`(${orgId}::uuid, ${serviceId}::varchar, ${category}::text,
        ${balance[category].outstanding}::numeric, ${balance[category].paid}::numeric,
        ${at.toISOString()}::timestamptz)`,
    ),
  );
  await db.execute(sql`
    update payment_link_amounts a
    set outstanding_amount = v.outstanding, paid_amount = v.paid
    from (values ${rowList(values)}) as v(org_id, service_id, category, outstanding, paid, at),
      payment_links p
    where p.org_id = v.org_id and p.service_id = v.service_id and a.payment_link_id = p.id
      and a.category = v.category
      and (p.last_synced_at is null or p.last_synced_at <= v.at)`);
}
