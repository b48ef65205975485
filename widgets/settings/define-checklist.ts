import { define } from '../core/define.js';
import { ServiceGoingLiveChecklist } from './going-live-checklist.js';

// The going-live checklist, registered on its own: the settings card loads this file when it
// first connects (a file of its own in the kit, outside the eight elements' budget), and a host
// page may import it directly to show the checklist anywhere.
define('service-going-live-checklist', ServiceGoingLiveChecklist);

declare global {
  interface HTMLElementTagNameMap {
    'service-going-live-checklist': ServiceGoingLiveChecklist;
  }
}

export { ServiceGoingLiveChecklist };
