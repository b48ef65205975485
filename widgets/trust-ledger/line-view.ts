import type { Task } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import type { LedgerBalanceLine } from '../../shared/ledger-api.js';

// What the balances open for one of their lines, in their place (its entries, its statement):
// open on a line, its first page loaded; closed, back to the balances; reloaded with them.

export abstract class LineView {
  /** The balance line open (none: the balances show). */
  line: LedgerBalanceLine | null = null;

  /** A page of the open line: the first (no cursor) replaces what was shown, the next add. */
  abstract readonly page: Task<[string | undefined], unknown>;

  constructor(protected readonly host: ReactiveControllerHost) {}

  /** What a newly opened line starts from. */
  protected abstract reset(): void;

  /** Opens `line`, its first page loading. */
  open(line: LedgerBalanceLine): void {
    this.line = line;
    this.reset();
    this.host.requestUpdate();
    void this.page.run([undefined]);
  }

  /** Closes the view; the line that was open. */
  close(): LedgerBalanceLine | null {
    const line = this.line;
    this.line = null;
    this.page.abort();
    this.host.requestUpdate();
    return line;
  }

  /** Loads the open line's first page again (none open: nothing). */
  reload(): Promise<unknown> | null {
    return this.line ? this.page.run([undefined]) : null;
  }
}
