import type { ApiClient } from '../../shared/api-client.js';
import type { CallerInfo } from '../../shared/caller.js';
import type { Role } from '../../shared/records.js';

// Who the caller is (GET /api/me), asked once per API client and shared by every widget of the
// page, so an element shows an admin's actions only to an admin (the server checks again) and
// a person's own requests as theirs.

const known = new WeakMap<ApiClient, Promise<CallerInfo | null>>();

/** What the client's token says of its caller; null when it cannot be told. */
export function callerInfo(api: ApiClient): Promise<CallerInfo | null> {
  let info = known.get(api);
  if (!info) {
    info = api.me().catch(() => {
      // Asked again by the next element: a network blip must not hide the actions for good.
      known.delete(api);
      return null;
    });
    known.set(api, info);
  }
  return info;
}

/** The role the client's token carries; null when it cannot be told (the actions stay hidden). */
export const callerRole = async (api: ApiClient): Promise<Role | null> =>
  (await callerInfo(api))?.role ?? null;
