import { define } from '../core/define.js';
import { ServiceTrustFindings } from './trust-findings-list.js';

// The open trust findings, registered on their own: the settings card's health list loads this
// file when its findings are first opened, and a host page may import it directly.
define('service-trust-findings', ServiceTrustFindings);

declare global {
  interface HTMLElementTagNameMap {
    'service-trust-findings': ServiceTrustFindings;
  }
}

export { ServiceTrustFindings };
