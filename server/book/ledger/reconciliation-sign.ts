import type { Reconciliation } from '../../../shared/ledger.js';
import type { Person } from '../../../shared/people.js';
import { bigCents } from '../../../shared/money.js';
import { conflict } from '../../errors.js';
import { money, say } from '../../sentences.js';
import type { Executor } from '../../db/index.js';
import type { HistoryKey } from '../history/history.js';
import { ledgerBalances } from './balances.js';
import { changeRun, reconciliationSentences } from './reconciliations.js';

// Sign-off: a balanced reconciliation is signed by the person who prepared it and by another who
// reviewed it; with both, the account's period up to its statement date is closed (periods.ts).
// Signing takes the history lock (changeRun), so two signatures at once follow one another and the
// second sees the first. Nothing here is a legal determination: the signatures say two people
// looked at these figures, not that the account complies with any rule.

export type SignRole = 'prepared' | 'reviewed';

export function signReconciliation(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  role: SignRole,
  by: string,
  /** The named person signing: two signatures of one key by different people are two people. */
  person: Person | null = null,
): Promise<Reconciliation> {
  const who = (s: { by: string; person?: Person | null | undefined }) =>
    s.person ? `person:${s.person.id}` : s.by;
  const now = new Date();
  return changeRun(
    db,
    historyKey,
    orgId,
    id,
    async (result, row, tx) => {
      if (result.status !== 'balanced') {
        const [first] = reconciliationSentences(result);
        throw conflict(
          say('Only a balanced reconciliation can be signed: {reason}', {
            reason: { sentences: first ? [first] : [] },
          }),
        );
      }
      if (row.asOf > now) {
        throw conflict(say('The statement date has not passed yet: sign once the month is over'));
      }
      const mine = result.signoffs.find((s) => s.role === role);
      if (mine) {
        throw conflict(say('This reconciliation is signed as {role} already', { role }));
      }
      if (result.signoffs.some((s) => who(s) === who({ by, person }))) {
        throw conflict(
          say(
            'The same person cannot both prepare and review a reconciliation: another person signs as {role}',
            { role },
          ),
        );
      }
      // The book as it is now at the statement date: an entry posted since the run (the period
      // is open until both sign) makes its figures stale.
      const report = await ledgerBalances(tx, orgId, {
        bankAccountId: row.bankAccountId,
        asOf: row.asOf.toISOString(),
      });
      if (bigCents(report.totals.balance) !== bigCents(result.bookBalance)) {
        throw conflict(
          say(
            'The book changed since this reconciliation was run ({then} then, {now} now): run it again',
            { then: money(result.bookBalance), now: money(report.totals.balance) },
          ),
        );
      }
      return {
        ...result,
        signoffs: [...result.signoffs, { role, by, person, at: now.toISOString() }],
      };
    },
    (result) => (result.signoffs.length === 2 ? now : null),
  );
}
