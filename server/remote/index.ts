// The remote client's public surface; import from here rather than from the files behind it.

export {
  createRemoteClient,
  type CallOptions,
  type RemoteApi,
  type RemoteClientOptions,
} from './client.js';
export { operations, amountToCents, type RemoteOperation } from './operations.js';
export { isRemoteNotFound, type Settled } from './executor.js';
export { buildBatchDocument, splitResponse, type BatchDocument, type BatchItem } from './batch.js';
export { AutoBatcher, type AutoBatcherOptions } from './auto-batch.js';
export {
  RemoteError,
  isRemoteError,
  parseRetryAfter,
  RATE_LIMIT_MIN_WAIT_MS,
  type RemoteErrorCode,
  type RemoteErrorKind,
  type RemoteGraphQLError,
} from './errors.js';
export { DEFAULT_RETRY_POLICY, isRetryable, retryDelay, type RetryPolicy } from './retry.js';
export {
  DEFAULT_LIMITS,
  LimiterRegistry,
  RateLimiter,
  REMOTE_LIMITS,
  type LimiterOptions,
  type Limiters,
  type OrgLimiter,
} from './limiter.js';
export {
  SharedLimiterRegistry,
  type BudgetGrant,
  type BudgetStore,
  type SharedLimiterOptions,
} from './limiter-shared.js';
export {
  PostgresBudgetStore,
  remoteBudgetUsage,
  setRemoteBudget,
  type RemoteBudgetLimits,
} from './limiter-store.js';
export {
  createTransport,
  DEFAULT_TIMEOUT_MS,
  type Transport,
  type TransportOptions,
} from './transport.js';
export { fixedTarget, type RemoteTarget, type ResolveRemoteTarget } from './target.js';
export { documents, type OperationName } from './documents.js';
export * from './types.js';
