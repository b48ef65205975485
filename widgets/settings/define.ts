import { define } from '../core/define.js';
import { ServiceGoingLiveChecklist } from './going-live-checklist.js';
import { ServiceSettings } from './service-settings.js';

// The settings card shows the going-live checklist inside it: both are registered together.
define('service-going-live-checklist', ServiceGoingLiveChecklist);
define('service-settings', ServiceSettings);

declare global {
  interface HTMLElementTagNameMap {
    'service-settings': ServiceSettings;
    'service-going-live-checklist': ServiceGoingLiveChecklist;
  }
}

export { ServiceGoingLiveChecklist, ServiceSettings };
