import type { ReactiveControllerHost } from 'lit';

// A link's "Send request…" and "Record a cheque…" (widgets/link-dialogs/actions.ts): an element
// loads them with what shows a link (a created one, a list's payments), not with the kit (its
// budget). Not in ServiceElement: the dialogs extend it, and that would be an import circle.

export type LinkActions = typeof import('../link-dialogs/actions.js');

/** Loads the link actions; `loaded` keeps them, and `host` renders again with them. */
export const loadLinkActions = (
  host: ReactiveControllerHost,
  loaded: (actions: LinkActions) => void,
) =>
  void import('../link-dialogs/actions.js').then((actions) => {
    loaded(actions);
    host.requestUpdate();
  });
