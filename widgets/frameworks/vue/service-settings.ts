// payment-link-widgets/vue/service-settings: the Vue type of <service-settings> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-settings'.
import type { ServiceSettings } from '../../settings/service-settings.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-settings> as a Vue component type. */
export type ServiceSettingsComponent = DefineCustomElement<ServiceSettings, EventsOf<'settings'>>;

declare module 'vue' {
  interface GlobalComponents {
    'service-settings': ServiceSettingsComponent;
  }
}
