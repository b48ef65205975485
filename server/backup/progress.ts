// Progress of a long copy for the person at the terminal (on stderr): rows copied of all, the
// table at hand, and the rate. On a terminal one line is redrawn; into a log, a line every few
// seconds.

const count = (n: number) => n.toLocaleString('en-US');

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export class Progress {
  readonly #out: ProgressOutput | undefined;
  readonly #label: string;
  readonly #everyMs: number;
  readonly #started = Date.now();
  #last = 0;
  #drawn = false;

  constructor(out: ProgressOutput | undefined, label: string) {
    this.#out = out;
    this.#label = label;
    this.#everyMs = out?.isTTY ? 250 : 5_000;
  }

  /** Rows per second since this step began. */
  rate(rows: number): number {
    const seconds = (Date.now() - this.#started) / 1000;
    return seconds > 0 ? Math.round(rows / seconds) : 0;
  }

  get seconds(): number {
    return (Date.now() - this.#started) / 1000;
  }

  update(p: {
    table?: string;
    tableRows?: number;
    tableTotal?: number;
    rows: number;
    total: number;
  }) {
    const now = Date.now();
    if (!this.#out || now - this.#last < this.#everyMs) return;
    this.#last = now;
    const table = p.table
      ? `${p.table} ${count(p.tableRows ?? 0)}/${count(p.tableTotal ?? 0)} · `
      : '';
    const share = p.total > 0 ? ` (${Math.floor((100 * p.rows) / p.total)}%)` : '';
    const line = `${this.#label}: ${table}${count(p.rows)} of ${count(p.total)} rows${share} · ${count(this.rate(p.rows))} rows/s`;
    if (this.#out.isTTY) {
      this.#out.write(`\r\x1b[K${line}`);
      this.#drawn = true;
    } else {
      this.#out.write(`${line}\n`);
    }
  }

  /** Ends the redrawn line, if any, with `line`. */
  finish(line: string): void {
    if (!this.#out) return;
    this.#out.write(`${this.#drawn ? '\r\x1b[K' : ''}${line}\n`);
    this.#drawn = false;
  }
}

export const formatCount = count;
