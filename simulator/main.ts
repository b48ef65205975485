// `npm run simulator`: the simulated payment service on its own.
//   --port 4010  --host 127.0.0.1  --seed <text>  --api-key <key>  --auto-create-prefix <prefix>
//   --public-base-url <url>  --window-ms <ms> (the rate limit's minute, compressed for benchmarks)
//   --requests-per-window <n> (default 500)  --max-concurrent <n> (default 10)
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createSimulator } from './simulator.js';

const usage = `Usage: npm run simulator -- [--port 4010] [--host 127.0.0.1] [--seed TEXT]
  [--api-key KEY] [--auto-create-prefix PREFIX] [--public-base-url URL] [--window-ms MS]
  [--requests-per-window N] [--max-concurrent N]`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string' },
        'api-key': { type: 'string' },
        'auto-create-prefix': { type: 'string' },
        'public-base-url': { type: 'string' },
        'window-ms': { type: 'string', default: '60000' },
        'requests-per-window': { type: 'string', default: '500' },
        'max-concurrent': { type: 'string', default: '10' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const values = parseCommandLine();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`Invalid --port ${values.port}`);
const windowMs = Number(values['window-ms']);
if (!Number.isInteger(windowMs) || windowMs < 100)
  fail(`Invalid --window-ms ${values['window-ms']}`);
const positive = (name: 'requests-per-window' | 'max-concurrent'): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) fail(`Invalid --${name} ${values[name]}`);
  return n;
};
const requestsPerWindow = positive('requests-per-window');
const maxConcurrent = positive('max-concurrent');

const logger = pino({ name: 'simulator' });
const simulator = createSimulator({
  seed: values.seed,
  firms: [{ name: 'Demo Law Firm', apiKey: values['api-key'] }],
  autoCreateFirmKeyPrefix: values['auto-create-prefix'],
  publicBaseUrl: values['public-base-url'],
  limits: { windowMs, requestsPerWindow, maxConcurrent },
  logger,
});
const [firm] = simulator.firms();

const server = serve({ fetch: simulator.app.fetch, port, hostname: values.host }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Payment service simulator: http://${host}:${info.port}/`);
  console.log(`Firm "${firm?.name}" (${firm?.id}) API key: ${firm?.apiKey}`);
});

function stop(signal: string) {
  logger.info({ signal }, 'stopping');
  server.close();
  void simulator.close().then(() => process.exit(0));
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
