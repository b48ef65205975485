import { TaskStatus } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Back-off after failures stops doubling here: a server that is down is asked once a minute. */
export const MAX_BACKOFF_MS = 60_000;

export interface PollOptions {
  /** One reload; resolves `false` when it failed (the next one then waits longer). */
  run: () => Promise<boolean>;
  /** Milliseconds between reloads while all is well; 0 (or less) pauses polling. */
  interval: () => number;
}

/**
 * Live refresh for a widget (the settings card's health, the transactions list, the sync
 * problems and the event log): reloads every `interval()` while the element is connected and the
 * page is visible. A failed reload doubles the wait (up to a minute) and a good one brings it back,
 * so a server in trouble is not hammered by every open tab. Hidden, the page makes no request at
 * all; shown again, it reloads at once, since a person looking at it expects it current.
 * One reload at a time: the next is scheduled when the last has finished.
 */
export class PollController implements ReactiveController {
  readonly #options: PollOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;
  #running = false;
  #failures = 0;

  readonly #onVisibility = () => {
    if (document.visibilityState === 'hidden') this.#clear();
    else void this.poke();
  };

  constructor(host: ReactiveControllerHost, options: PollOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** How long the next wait is: the interval, doubled per failure in a row, at most a minute. */
  get delay(): number {
    const base = this.#options.interval();
    if (!(base > 0)) return 0;
    return this.#failures === 0 ? base : Math.min(base * 2 ** this.#failures, MAX_BACKOFF_MS);
  }

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#schedule();
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#clear();
  }

  /** The interval changed (an attribute): wait the new one from now. */
  restart(): void {
    this.#schedule();
  }

  /** Reloads now (something happened that the host knows of) and waits a full interval after. */
  async poke(): Promise<void> {
    this.#clear();
    await this.#tick();
  }

  #clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    this.#clear();
    const delay = this.delay;
    if (!this.#connected || !(delay > 0) || document.visibilityState === 'hidden') return;
    this.#timer = setTimeout(() => void this.#tick(), delay);
  }

  async #tick(): Promise<void> {
    if (this.#running) return;
    if (!this.#connected || document.visibilityState === 'hidden') return;
    this.#running = true;
    try {
      const ok = await this.#options.run().catch(() => false);
      this.#failures = ok ? 0 : this.#failures + 1;
    } finally {
      this.#running = false;
    }
    this.#schedule();
  }
}

/** A poll's `run` that reloads `task` (unless it is loading already): false when it failed. */
export const reloadOf =
  (task: { status: TaskStatus; run(): Promise<void> }) => async (): Promise<boolean> => {
    if (task.status !== TaskStatus.PENDING) await task.run();
    return task.status !== TaskStatus.ERROR;
  };
