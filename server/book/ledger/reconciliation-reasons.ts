import type { ReconciliationItem } from '../../../shared/ledger.js';
import { bigCents, moneyOfCents } from '../../../shared/money.js';
import { money, say, type Sentence } from '../../sentences.js';

// Why a reconciliation is not balanced, as sentences the API renders in the caller's language
// (stored in English, as the history keeps them). The first is the headline. Every difference
// between the three balances is named, and every client or matter below zero; an overdrawn
// statement and the service's debits not yet booked are reasons of their own.

/** The figures a run's reasons are read from (a stored result has them all; older ones fewer). */
export interface ReasonFigures {
  statementBalance: string;
  openingBalance?: string | null;
  /** The closing balance of the account's last reconciled statement before this one. */
  previousClosingBalance?: string | null;
  adjustedBankBalance?: string;
  bookBalance: string;
  clientLedgerTotal: string;
  /** The account's own money, on no client's line (bank charges, interest, firm funds, fees). */
  accountMoney?: string;
  variance: string;
  items?: readonly ReconciliationItem[];
  negativeClients: readonly {
    clientName: string | null;
    matterName: string | null;
    balance: string;
  }[];
}

type Said = Sentence & { text: string };

export function reconciliationSentences(r: ReasonFigures): Said[] {
  const [statement, book, clients] = [r.statementBalance, r.bookBalance, r.clientLedgerTotal];
  const adjusted = r.adjustedBankBalance ?? statement;
  const open = (r.items ?? []).filter((i) => !i.cleared);
  const reasons: Said[] = [];
  if (bigCents(statement) < 0n) {
    reasons.push(
      say('The bank statement shows the trust account overdrawn: {statement}.', {
        statement: money(statement),
      }),
    );
  }
  if (
    r.openingBalance &&
    r.previousClosingBalance &&
    bigCents(r.openingBalance) !== bigCents(r.previousClosingBalance)
  ) {
    reasons.push(
      say(
        'The statement opens at {opening}, but the last reconciled statement closed at {previous}.',
        { opening: money(r.openingBalance), previous: money(r.previousClosingBalance) },
      ),
    );
  }
  if (bigCents(r.variance) !== 0n) {
    reasons.push(
      open.length === 0
        ? say(
            'The statement balance ({statement}) differs from the book balance ({book}) by {variance}.',
            { statement: money(statement), book: money(book), variance: money(r.variance) },
          )
        : say(
            'The adjusted bank balance ({adjusted}: the statement balance {statement} with the uncleared items) differs from the book balance ({book}) by {variance}.',
            {
              adjusted: money(adjusted),
              statement: money(statement),
              book: money(book),
              variance: money(r.variance),
            },
          ),
    );
  }
  // The book is the client ledgers plus the account's own money: only the rest is unexplained.
  const own = bigCents(r.accountMoney ?? '0.00');
  if (bigCents(clients) + own !== bigCents(book)) {
    reasons.push(
      say(
        'The client ledgers total {clients}, the book balance is {book}: {unassigned} is not assigned to a client.',
        {
          clients: money(clients),
          book: money(book),
          unassigned: money(moneyOfCents(bigCents(book) - bigCents(clients) - own)),
        },
      ),
    );
  }
  for (const debit of open.filter((i) => i.kind === 'service_debit')) {
    reasons.push(
      say(
        'The payment service took {amount} from the trust account ({description}): book it, replace it from operating funds, then clear the item.',
        { amount: money(debit.amount), description: debit.description },
      ),
    );
  }
  for (const line of r.negativeClients) {
    const name = line.clientName
      ? `${line.clientName}${line.matterName ? ` / ${line.matterName}` : ''}`
      : null;
    reasons.push(
      name
        ? say('{name} is below zero: {balance}.', { name, balance: money(line.balance) })
        : say('A client is below zero: {balance}.', { balance: money(line.balance) }),
    );
  }
  return reasons;
}

/** What a person reads first: the first reason, or that the three agree. */
export function reconciliationHeadline(r: ReasonFigures): Said {
  return (
    reconciliationSentences(r)[0] ??
    say('The adjusted bank balance, the book and the client ledgers agree at {book}.', {
      book: money(r.bookBalance),
    })
  );
}
