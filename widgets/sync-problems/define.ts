import { define } from '../core/define.js';
import { ServiceSyncProblems } from './service-sync-problems.js';

// An operations widget: an entry of its own (service-sync-problems.js), outside the kit's
// service-widgets.js, so pages without it do not load it.
define('service-sync-problems', ServiceSyncProblems);

declare global {
  interface HTMLElementTagNameMap {
    'service-sync-problems': ServiceSyncProblems;
  }
}

export { ServiceSyncProblems };
