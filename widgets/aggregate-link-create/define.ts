import { define } from '../core/define.js';
import { ServiceAggregateLinkCreate } from './service-aggregate-link-create.js';

define('service-aggregate-link-create', ServiceAggregateLinkCreate);

declare global {
  interface HTMLElementTagNameMap {
    'service-aggregate-link-create': ServiceAggregateLinkCreate;
  }
}

export { ServiceAggregateLinkCreate };
