import type { EntryFact } from '../ledger/post.js';

// The facts one organization's history chain holds, read row by row (rebuild.ts reads them and
// compares the live tables; live-records.ts compares the records beside the ledger).

export type { EntryFact };

/** The facts read from one organization's chain, latest state per subject. */
export class ChainFacts {
  readonly entries = new Map<string, EntryFact>();
  readonly latest = new Map<string, Map<string, Record<string, unknown>>>();
  readonly reconciliations = new Map<string, Record<string, unknown>>();
  minEntrySeq = Number.POSITIVE_INFINITY;

  add(subject: string, subjectId: string, content: string): void {
    if (subject === 'anchor') return;
    const value = JSON.parse(content) as Record<string, unknown>;
    if (subject === 'ledger_entry') {
      const entry = value as unknown as EntryFact;
      this.entries.set(subjectId, entry);
      this.minEntrySeq = Math.min(this.minEntrySeq, entry.seq);
      return;
    }
    const of = this.latest.get(subject) ?? new Map<string, Record<string, unknown>>();
    of.set(subjectId, value);
    this.latest.set(subject, of);
  }
}
