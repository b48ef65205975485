import { pino, type DestinationStream, type Logger } from 'pino';
import { LogSink } from './log-sink.js';

export type { Logger };

/**
 * Paths pino blanks before a line is written. Request lines log no headers or bodies at all;
 * this list is the second fence for anything that logs an object carrying one by mistake.
 */
const REDACTED_PATHS = [
  'authorization',
  'apiKey',
  'apiToken',
  'webhookSecret',
  'secret',
  'token',
  'key',
  '*.authorization',
  '*.Authorization',
  '*.apiKey',
  '*.apiToken',
  '*.webhookSecret',
  '*.secret',
  '*.token',
  '*.key',
  '*["x-api-key"]',
  '*["x-signature"]',
  'headers.*',
  'req.headers.*',
  'body',
  '*.body',
];

/**
 * The process's logger: one JSON line per entry, written to `destination`, by default a new
 * LogSink on standard output (log-sink.ts: a line that cannot be written is dropped, never
 * waited for). A process passes its own LogSink to count what it dropped (/metrics).
 */
export function createLogger(
  options: { level?: string } = {},
  destination: DestinationStream = new LogSink(),
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/**
 * `logger` without the redaction, for lines whose fields are fixed and none can carry a secret
 * (the request line: ids, method, path, status, duration). Redacting costs about 10 µs a line
 * (21 paths, some wildcards), writing one about 3: at thousands of webhook acks a second, the
 * request line's redaction alone took a few per cent of the process. Make it once and keep it.
 */
export function fixedFieldsLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } });
}

/**
 * A write to stdout or stderr that fails (ENOSPC on a full disk, EPIPE when the reader went)
 * emits an error event, which kills the process when nobody listens: the process's own messages
 * (its URL line, a fatal error) are best effort, never a reason to stop.
 */
export function ignoreOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

/**
 * Writes plain text (not a JSON line) to the log's own stream, so it comes after every line
 * logged before it: the log writes asynchronously, process.stdout may not.
 */
export function writePlain(logger: Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, { write?: (t: string) => unknown }>)[
    pino.symbols.streamSym
  ];
  if (typeof stream?.write === 'function') stream.write(text);
  else process.stdout.write(text);
}
