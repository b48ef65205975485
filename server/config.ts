import { z } from 'zod';

// Every environment variable the server reads, parsed once at start: a wrong value stops the
// process with a message naming the variable, instead of failing later at first use.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  SECRETS_KEY: z.string().optional(),
  SERVICE_PRODUCTION_URL: z.url().default('https://api.gravity-legal.com/'),
  SERVICE_SANDBOX_URL: z.url().default('https://api.sandbox.gravity-legal.com/'),
  DEMO: z.enum(['auto', '0', '1'], { error: 'must be auto, 0 or 1' }).default('auto'),
  WORKERS: z
    .enum(['0', '1'], { error: 'must be 0 (no sync workers in this process) or 1' })
    .default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  adminApiKey: string | undefined;
  secretsKey: string | undefined;
  serviceUrls: { production: string; sandbox: string };
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Demo mode (the simulator mounted as the sandbox): on, off, or auto (when no API token). */
  demo: 'auto' | 'on' | 'off';
  /** Whether the API process also runs the sync workers (WORKERS=0 leaves them to `npm run worker`). */
  workers: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, the way shells and .env files usually mean them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    adminApiKey: e.ADMIN_API_KEY,
    secretsKey: e.SECRETS_KEY,
    serviceUrls: { production: e.SERVICE_PRODUCTION_URL, sandbox: e.SERVICE_SANDBOX_URL },
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS === '1',
    demo: e.DEMO === '1' ? 'on' : e.DEMO === '0' ? 'off' : 'auto',
  };
}
