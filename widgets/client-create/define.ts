import { define } from '../core/define.js';
import { ServiceClientCreate } from './service-client-create.js';

define('service-client-create', ServiceClientCreate);

declare global {
  interface HTMLElementTagNameMap {
    'service-client-create': ServiceClientCreate;
  }
}

export { ServiceClientCreate };
