// The remote client's public surface; import from here rather than from the files behind it.

export { createRemoteClient, type RemoteApi } from './client.js';
export { isRemoteNotFound } from './executor.js';
export { RemoteError, isRemoteError } from './errors.js';
export { retryDelay } from './retry.js';
export { LimiterRegistry, type Limiters } from './limiter.js';
export { SharedLimiterRegistry } from './limiter-shared.js';
export { PostgresBudgetStore, remoteBudgetUsage } from './limiter-store.js';
export { fixedTarget, type ResolveRemoteTarget } from './target.js';
export * from './types.js';
export * from './money-out-types.js';
export type { RemoteSubscription } from './subscription-wire.js';
export type { AddSubscriptionInput, UpdateSubscriptionInput } from './subscription-operations.js';
