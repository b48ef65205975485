import type { LedgerReport } from '../../shared/ledger-api.js';

// A report saved as a file: the CSV arrives through the API client (the token in its header, never
// in an address), then a download link to the Blob saves it.

/** A file name for a report: `trust-balances-2026-11-30.csv`. */
export const fileName = (report: LedgerReport) =>
  `trust-${report}-${new Date().toISOString().slice(0, 10)}.csv`;

/** Saves a Blob as a file, the way a download link does (its address is the Blob's, no token). */
export function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
