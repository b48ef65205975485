// Where an organization's remote calls go. The client never reads the database: the foundation
// provides the resolver (it decrypts the org's API token, picks the base address from
// `productionEnvironment` and refuses hosts that are not on the org's active allowlist by throwing).

/** The endpoint and credential of one organization's remote account. */
export interface RemoteTarget {
  /** The GraphQL endpoint; requests are POSTed to this exact address. */
  readonly baseUrl: string;
  /** Sent in the `x-api-key` header, never in a message or log line. */
  readonly apiKey: string;
}

/**
 * Resolves an organization's target. Throwing refuses the call: the error's message becomes the
 * `RemoteError` (code `target`, permanent) unless it already is a `RemoteError`, whose kind is
 * kept (throw a transient one when the failure is temporary, e.g. the database is unreachable).
 */
export type ResolveRemoteTarget = (orgId: string) => Promise<RemoteTarget>;

/** A resolver that sends every organization to the same place: tests, tools, the simulator. */
export function fixedTarget(target: RemoteTarget): ResolveRemoteTarget {
  return async () => target;
}
