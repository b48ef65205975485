import type { ApiClient } from '../../shared/api-client.js';

// Client names by id, for the lists and options that show a record's client: read once per API
// client (a client's name rarely changes) and shared by every widget of the page.

const known = new WeakMap<ApiClient, Map<string, string>>();

/**
 * The names of these clients, reading those not known yet. A client that cannot be read (deleted
 * meanwhile) has no name: the list shows a dash rather than a failure.
 */
export async function clientNames(
  api: ApiClient,
  ids: Iterable<string | null | undefined>,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  let names = known.get(api);
  if (!names) known.set(api, (names = new Map()));
  const missing = [...new Set(ids)].filter((id): id is string => !!id && !names.has(id));
  await Promise.all(
    missing.map((id) =>
      api.getClient(id, signal).then(
        (client) => names.set(id, client.name),
        () => undefined,
      ),
    ),
  );
  return names;
}
