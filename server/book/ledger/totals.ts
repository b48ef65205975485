import {
  isNonClientKind,
  LEDGER_ENTRY_KINDS,
  type LedgerEntryKind,
} from '../../../shared/ledger.js';

// The ledger's totals, the one arithmetic: which lines an entry moves (its account, its client in
// that account, the client's matter there) and how it adds to a line's figures (its kind's column
// and the balance). Posting (post.ts, month-totals.ts) and the history's rebuild of the live
// ledger (../history/rebuild.ts) both add up through here, so the proof checks the same sums the
// book writes.

export const accountScope = 'account';
export const clientScope = (clientId: string | null) => `c:${clientId ?? '-'}`;
export const matterScope = (clientId: string | null, matterId: string | null) =>
  `m:${clientId ?? '-'}:${matterId ?? '-'}`;

type Lined = { kind: LedgerEntryKind; clientId: string | null; matterId: string | null };

/**
 * The lines an entry moves, account first, then its client, then its matter; the account's own
 * money (a bank charge, interest: NON_CLIENT_KINDS) moves the account's line only.
 */
export const scopesOf = (e: Lined) => [
  { scope: accountScope, clientId: null, matterId: null },
  ...(isNonClientKind(e.kind)
    ? []
    : [
        { scope: clientScope(e.clientId), clientId: e.clientId, matterId: null },
        { scope: matterScope(e.clientId, e.matterId), clientId: e.clientId, matterId: e.matterId },
      ]),
];

/** The month-totals line an entry adds to: its matter's, or the account's for its own money. */
export const monthScopeOf = (e: Lined) =>
  isNonClientKind(e.kind) ? accountScope : matterScope(e.clientId, e.matterId);

/**
 * What an entry moves: an amount of one kind, in an account (for a client, a matter of theirs),
 * at a date. An entry being posted (post.ts), what a transaction does to the ledger (effects.ts)
 * and what a month's totals add (month-totals.ts) all carry it.
 */
export interface Movement {
  bankAccountId: string;
  clientId: string | null;
  matterId: string | null;
  kind: LedgerEntryKind;
  amountCents: number;
  date: Date;
}

/** A line's figures, in cents: one per kind of entry, and the balance (their sum). */
export type Figures = Record<LedgerEntryKind | 'balance', number>;

export const noFigures = (): Figures => ({
  ...(Object.fromEntries(LEDGER_ENTRY_KINDS.map((k) => [k, 0])) as Record<LedgerEntryKind, number>),
  balance: 0,
});

/** Each figure's column in ledger_balances and ledger_month_totals. */
export const FIGURE_COLUMNS: Readonly<Record<keyof Figures, string>> = {
  ...(Object.fromEntries(LEDGER_ENTRY_KINDS.map((k) => [k, `${k}_cents`])) as Record<
    LedgerEntryKind,
    string
  >),
  balance: 'balance_cents',
};

/** The figures in their columns' order (the order every insert of totals lists them in). */
export const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof Figures)[];

/** Adds an entry to a line's figures. */
export function addEntry(figures: Figures, e: { kind: LedgerEntryKind; amountCents: number }) {
  figures[e.kind] += e.amountCents;
  figures.balance += e.amountCents;
  return figures;
}
