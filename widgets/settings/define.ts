import { define } from '../core/define.js';
import { ServiceSettings } from './service-settings.js';

define('service-settings', ServiceSettings);

declare global {
  interface HTMLElementTagNameMap {
    'service-settings': ServiceSettings;
  }
}

export { ServiceSettings };
