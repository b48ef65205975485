import { define } from '../core/define.js';
import { ServiceAllowedOrigins } from './allowed-origins.js';

// The allowed origins, registered on its own: the settings card loads this file when it first
// connects (outside the eight elements' files), and a host page may import it directly.
define('service-allowed-origins', ServiceAllowedOrigins);

declare global {
  interface HTMLElementTagNameMap {
    'service-allowed-origins': ServiceAllowedOrigins;
  }
}

export { ServiceAllowedOrigins };
