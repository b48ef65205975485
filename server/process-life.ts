import { loadConfig, type Config } from './config.js';
import { StartupError } from './errors.js';
import { LogSink } from './log-sink.js';
import { createLogger, ignoreOutputErrors, type Logger } from './logger.js';
import { createOwnerOnly } from './security/data-dir.js';

// The life of a process, the API's (main.ts) and a worker's (worker.ts) alike: how it starts,
// how it stops on a signal, and how a failure to start is told.

/**
 * The start of a process: its configuration, and a log that never stops it (a full disk, a
 * closed pipe: lines are dropped and counted, log-sink.ts; the few direct writes to stdout
 * ignore errors). The files it creates in DATA_DIR (the secrets key, the embedded database's)
 * are owner-only (0700 / 0600).
 */
export function startProcess(): { config: Config; logSink: LogSink; logger: Logger } {
  const config = loadConfig();
  ignoreOutputErrors();
  const logSink = new LogSink();
  const logger = createLogger({ level: config.logLevel }, logSink);
  createOwnerOnly();
  return { config, logSink, logger };
}

/**
 * Stops the process once, on SIGTERM or SIGINT: `finish` ends what it holds, the log is flushed,
 * and it exits 0; one stuck past `graceMs` exits 1.
 */
export function stopOnSignals(
  { logger, logSink }: { logger: Logger; logSink: LogSink },
  graceMs: number,
  finish: (signal: string) => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), graceMs);
    force.unref();
    await finish(signal);
    logger.info('stopped');
    await logSink.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Runs a process's `main`: a failure to start is one line on stderr (a StartupError's own words). */
export function runProcess(main: () => Promise<void>, failed: string): void {
  main().catch((err: unknown) => {
    process.stderr.write(
      `${err instanceof StartupError ? err.message : `${failed}: ${String((err as Error)?.stack ?? err)}`}\n`,
    );
    process.exit(1);
  });
}
