import { define } from '../core/define.js';
import { ServiceMatterCreate } from './service-matter-create.js';

define('service-matter-create', ServiceMatterCreate);

declare global {
  interface HTMLElementTagNameMap {
    'service-matter-create': ServiceMatterCreate;
  }
}

export { ServiceMatterCreate };
