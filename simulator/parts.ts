import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { FaultBox } from './faults.js';
import type { FirmRegistry } from './firms.js';
import type { IdSource } from './ids.js';
import type { LedgerEnv } from './ledger.js';
import type { RateLimiter } from './limits.js';
import type { WebhookDispatcher } from './webhooks.js';

// What the simulator's HTTP surface is made of (app.ts builds it; the pay page and the sandbox
// routes take it), apart from app.ts so they name it without importing the app back.

export interface SimulatorParts {
  registry: FirmRegistry;
  limiter: RateLimiter;
  faults: FaultBox;
  webhooks: WebhookDispatcher;
  ledger: LedgerEnv;
  ids: IdSource;
  schema: GraphQLSchema;
  /** Base of payment link URLs; default: where the GraphQL request was addressed. */
  publicBaseUrl?: string;
  openFirmCreation: boolean;
  logger?: Logger;
}
