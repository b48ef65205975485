import { write as writeFd } from 'node:fs';

// Where the log lines go: standard output, written asynchronously (on libuv's thread pool), so a
// log that cannot be written never blocks or kills the server. pino's own destination retried a
// write that failed with ENOSPC every 100 ms, forever, in its exit flush: a full log disk hung
// the server (health checks timed out, SIGTERM was ignored). Here a line that cannot be written
// is dropped and counted (payment_link_log_lines_dropped_total on /metrics); while a write is
// on its way, lines wait in a bounded queue, and past its bound they are dropped too.

export interface LogSinkOptions {
  /** The file descriptor written to. Default 1 (standard output). */
  fd?: number;
  /** Most bytes waiting while a write is on its way; more lines are dropped. Default 4 MiB. */
  maxQueuedBytes?: number;
  /** Wait before trying again after EAGAIN (a pipe whose reader is slow). Default 50 ms. */
  retryMs?: number;
}

/** A pino destination (anything with `write(line)`). */
export class LogSink {
  readonly #fd: number;
  readonly #maxQueuedBytes: number;
  readonly #retryMs: number;
  #queue: string[] = [];
  #queuedBytes = 0;
  #writing: Promise<void> | null = null;
  #dropped = 0;

  constructor(options: LogSinkOptions = {}) {
    this.#fd = options.fd ?? 1;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? 4 * 1024 * 1024;
    this.#retryMs = options.retryMs ?? 50;
  }

  /** Lines dropped so far: not written (the disk was full, the reader gone) or over the queue. */
  get dropped(): number {
    return this.#dropped;
  }

  write(line: string): void {
    if (this.#queuedBytes + line.length > this.#maxQueuedBytes) {
      this.#dropped++;
      return;
    }
    this.#queue.push(line);
    this.#queuedBytes += line.length;
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = null;
    });
  }

  /** Waits for the lines queued so far to be written (or dropped), at most `timeoutMs`. */
  async flush(timeoutMs = 1_000): Promise<void> {
    if (!this.#writing) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#writing,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const lines = this.#queue;
      this.#queue = [];
      this.#queuedBytes = 0;
      let chunk = Buffer.from(lines.join(''));
      for (;;) {
        const outcome = await this.#write(chunk);
        if (outcome.written === chunk.length) break;
        if (outcome.error === 'EAGAIN') {
          chunk = chunk.subarray(outcome.written);
          await new Promise((resolve) => setTimeout(resolve, this.#retryMs).unref());
          continue;
        }
        if (outcome.error) {
          // ENOSPC, EPIPE, EBADF, ...: these lines cannot be written; later ones may be.
          this.#dropped += lines.length;
          break;
        }
        chunk = chunk.subarray(outcome.written);
      }
    }
  }

  #write(chunk: Buffer): Promise<{ written: number; error?: string }> {
    return new Promise((resolve) => {
      writeFd(this.#fd, chunk, 0, chunk.length, null, (error, written) => {
        resolve(
          error
            ? { written: 0, error: (error as NodeJS.ErrnoException).code ?? 'EIO' }
            : { written },
        );
      });
    });
  }
}
