import { define } from '../core/define.js';
import { ServiceAggregateLinkUpdate } from './service-aggregate-link-update.js';

define('service-aggregate-link-update', ServiceAggregateLinkUpdate);

declare global {
  interface HTMLElementTagNameMap {
    'service-aggregate-link-update': ServiceAggregateLinkUpdate;
  }
}

export { ServiceAggregateLinkUpdate };
