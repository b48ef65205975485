import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { getWorkProgress } from '../../shared/operations-api.js';
import type { WorkKind, WorkProgress } from '../../shared/progress.js';
import { PollController } from '../core/poll.js';
import { msg, str } from '../core/localize.js';

// The progress of long work (bank account sync, reconciliation, "Retry all") as the widgets show
// it: "12 / 40" beside a <progress>, read from GET /api/admin/progress while the work runs.
// A file of its own: <service-bank-accounts-sync> loads it on demand, outside the kit's budget.

/** The first look comes soon; each wait after grows by half, up to this. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 2000;

/**
 * Follows one kind of work's progress while the host's work runs: `watch()` reads it at once and
 * then again and again, a little less often each time (PollController: a failed read waits
 * longer, a hidden page reads nothing). `watch()` follows until `stop()` (the host's request
 * ended); `watch(true)` until the run is finished (work the server goes on with: the re-queued
 * jobs draining, a reconciliation started elsewhere). A failed read only leaves the last one
 * shown: the work itself is what succeeds or fails.
 */
export class ProgressWatcher implements ReactiveController {
  /** The last run read while watching. */
  progress: WorkProgress | null = null;
  readonly #host: ReactiveControllerHost;
  readonly #api: () => ApiClient;
  readonly #kind: WorkKind;
  readonly #poll: PollController;
  #watching = false;
  #untilFinished = false;
  #wait = FIRST_WAIT_MS;
  #ended: ((progress: WorkProgress | null) => void) | undefined;

  constructor(host: ReactiveControllerHost, api: () => ApiClient, kind: WorkKind) {
    this.#host = host;
    this.#api = api;
    this.#kind = kind;
    host.addController(this);
    this.#poll = new PollController(host, {
      run: () => this.#read(),
      interval: () => (this.#watching ? this.#wait : 0),
    });
  }

  /** Follows the work; resolves with the last progress read once stopped (or finished). */
  watch(untilFinished = false): Promise<WorkProgress | null> {
    this.stop();
    this.#watching = true;
    this.#untilFinished = untilFinished;
    this.#wait = FIRST_WAIT_MS;
    this.progress = null;
    const ended = new Promise<WorkProgress | null>((resolve) => (this.#ended = resolve));
    void this.#poll.poke();
    return ended;
  }

  stop(): void {
    if (!this.#watching) return;
    this.#watching = false;
    this.#poll.restart();
    this.#ended?.(this.progress);
    this.#ended = undefined;
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.stop();
  }

  async #read(): Promise<boolean> {
    if (!this.#watching) return true;
    const report = await getWorkProgress(this.#api()).catch(() => null);
    if (!this.#watching) return true;
    if (!report) return false;
    this.progress = report[this.#kind];
    this.#wait = Math.min(LONGEST_WAIT_MS, this.#wait * 1.5);
    this.#host.requestUpdate();
    if (this.#untilFinished && this.progress?.finishedAt) this.stop();
    return true;
  }

  /**
   * The progress while watching: "12 / 40" and a progress bar named `label`. Following a request,
   * only a run that is going is shown (before the server starts it, the last one is finished);
   * nothing is shown before the first read, so the host's spinner stands alone until then.
   */
  render(label: string) {
    const p = this.progress;
    if (!this.#watching || !p || (p.finishedAt && !this.#untilFinished)) return nothing;
    const known = p.total > 0;
    return html`<p class="row" part="progress">
      <progress
        aria-label=${label}
        max=${known ? p.total : nothing}
        value=${known ? p.done : nothing}
        aria-valuetext=${known ? msg(str`${p.done} of ${p.total}`) : msg('Starting')}
      ></progress>
      <span class="hint">${known ? `${p.done} / ${p.total}` : msg('Starting…')}</span>
    </p>`;
  }
}
