import type { ApiClient } from '../../shared/api-client.js';
import type { Role } from '../../shared/records.js';

// The caller's role (GET /api/me), asked once per API client and shared by every widget of the
// page, so an element shows an admin's actions only to an admin. The server checks again.

const known = new WeakMap<ApiClient, Promise<Role | null>>();

/** The role the client's token carries; null when it cannot be told (the actions stay hidden). */
export function callerRole(api: ApiClient): Promise<Role | null> {
  let role = known.get(api);
  if (!role) {
    role = api.me().then(
      (me) => me.role,
      () => {
        // Asked again by the next element: a network blip must not hide the actions for good.
        known.delete(api);
        return null;
      },
    );
    known.set(api, role);
  }
  return role;
}
