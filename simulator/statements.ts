// Monthly statements: what the service took from the firm's bank accounts (its fees,
// chargebacks), one debit per account and reason. `statements(limit:, startMonth:, endMonth:)`
// lists them; a new one fires `statement.created`.
//
// The remote's docs do not say what `statement.created` carries, so the simulator sends any of
// the plausible bodies (option `eventShape`): `statement` → `data: { statement: { id, month } }`
// (the default), `month` → `data: { month }`, `id` → `data: { statement: { id } }`, `bare` →
// `data: {}`. Nor do they say the month's format: months are `YYYY-MM`; the list's filters take
// `YYYY-MM` or a date `YYYY-MM-DD`.
import { badInput } from './errors.js';
import type { LedgerEnv } from './ledger.js';
import type { StatementDebitRecord, StatementRecord } from './firm-records.js';
import { getBankAccount, nowIso, type BankAccountRecord, type FirmState } from './state.js';

export type { StatementRecord } from './firm-records.js';

export const STATEMENT_EVENT_SHAPES = ['statement', 'month', 'id', 'bare'] as const;
type StatementEventShape = (typeof STATEMENT_EVENT_SHAPES)[number];

export interface CreateStatementInput {
  month: string;
  /** Explicit debits; default: the month's processing fees from the fee account. */
  debits?: { bankAccountId: string; amount: number; statementDescriptor?: string }[];
  eventShape?: StatementEventShape;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])(?:-\d{2})?$/;

/** `YYYY-MM` of a month or a date in it; throws BAD_USER_INPUT otherwise. */
export function monthOf(value: string): string {
  const match = MONTH.exec(value.trim());
  if (!match) throw badInput(`A month is YYYY-MM (or a date YYYY-MM-DD): ${JSON.stringify(value)}`);
  return `${match[1]}-${match[2]}`;
}

/** Where the service takes its fees: the account flagged so, else the default operating one. */
function feeAccount(firm: FirmState): BankAccountRecord {
  return (
    firm.bankAccounts.find((a) => a.isFeeAccount) ??
    firm.bankAccounts.find((a) => a.category === 'operating' && a.isDefault) ??
    (firm.bankAccounts[0] as BankAccountRecord)
  );
}

const debitFrom = (
  account: BankAccountRecord,
  amount: number,
  statementDescriptor: string,
): StatementDebitRecord => ({
  amount,
  fromBankAccountCategory: account.category,
  fromBankAccountMask: account.lastFour,
  fromBankAccountNickname: account.nickname,
  statementDescriptor,
});

/** 2.9% of the month's card payments and 1% of its ACH payments, in cents. */
function monthFees(firm: FirmState, month: string): number {
  let fees = 0;
  for (const t of firm.transactions.values()) {
    if (!t.createdOn.startsWith(month)) continue;
    if (t.type === 'ccPayment') fees += t.amountProcessed * 0.029;
    else if (t.type === 'achPayment') fees += t.amountProcessed * 0.01;
  }
  return Math.round(fees * 100) / 100;
}

export function createStatement(
  env: LedgerEnv,
  firm: FirmState,
  input: CreateStatementInput,
): StatementRecord {
  const month = monthOf(input.month);
  const debits = input.debits
    ? input.debits.map((d) => {
        if (!Number.isFinite(d.amount) || d.amount <= 0) {
          throw badInput(`A debit's amount is a positive number of cents: ${d.amount}`);
        }
        const account = getBankAccount(firm, d.bankAccountId);
        return debitFrom(account, d.amount, d.statementDescriptor ?? 'Processing fees');
      })
    : [monthFees(firm, month)]
        .filter((fees) => fees > 0)
        .map((fees) => debitFrom(feeAccount(firm), fees, 'Processing fees'));
  const id = env.ids.uuid();
  const statement: StatementRecord = {
    id,
    month,
    pdfUrl: `https://statements.invalid/${id}.pdf`,
    debits,
    additionalCredits: [],
    additionalFees: [],
    createdOn: nowIso(),
  };
  firm.statements.set(id, statement);
  env.emit(firm, [{ type: 'statement.created', data: eventData(statement, input.eventShape) }]);
  return statement;
}

function eventData(
  statement: StatementRecord,
  shape: StatementEventShape = 'statement',
): Record<string, unknown> {
  switch (shape) {
    case 'month':
      return { month: statement.month };
    case 'id':
      return { statement: { id: statement.id } };
    case 'bare':
      return {};
    default:
      return { statement: { id: statement.id, month: statement.month } };
  }
}

export interface StatementsArgs {
  limit: number;
  offset?: number | null;
  startMonth?: string | null;
  endMonth?: string | null;
  orderDir?: 'ASC' | 'DESC' | null;
}

/** `statements`: months within [startMonth, endMonth], newest first unless ASC. */
export function listStatements(
  firm: FirmState,
  args: StatementsArgs,
): { records: StatementRecord[]; total: number } {
  if (!Number.isInteger(args.limit) || args.limit < 0) {
    throw badInput(`limit must be a whole number >= 0: ${args.limit}`);
  }
  const start = args.startMonth ? monthOf(args.startMonth) : null;
  const end = args.endMonth ? monthOf(args.endMonth) : null;
  const all = [...firm.statements.values()]
    .filter((s) => (!start || s.month >= start) && (!end || s.month <= end))
    .sort((a, b) =>
      a.month === b.month ? a.createdOn.localeCompare(b.createdOn) : a.month < b.month ? -1 : 1,
    );
  if (args.orderDir !== 'ASC') all.reverse();
  const offset = Math.max(0, args.offset ?? 0);
  return { records: all.slice(offset, offset + args.limit), total: all.length };
}
