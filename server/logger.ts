import { pino, type DestinationStream, type Logger } from 'pino';

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

export function createLogger(
  options: { level?: string } = {},
  destination?: DestinationStream,
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
