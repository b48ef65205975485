import { PACKAGE_NAME } from '../widgets/build/package.js';

// Consumer code for e2e/package.test.ts: one element's Vue type alone, and two Vite apps (one
// with nothing of ours, one with one React element) whose bundles it compares.

/** One element's Vue type alone: its tag, and its record-created detail typed with a client. */
export const VUE_ONE_CONSUMER = `
import type { GlobalComponents } from 'vue';
import type { ClientDetail, MatterDetail, ServiceRecordCreatedEvent } from '${PACKAGE_NAME}';
import type { ServiceClientCreateComponent } from '${PACKAGE_NAME}/vue/service-client-create';

declare const emit: InstanceType<ServiceClientCreateComponent>['$emit'];
declare const client: ServiceRecordCreatedEvent<ClientDetail>;
declare const matter: ServiceRecordCreatedEvent<MatterDetail>;
emit('service-record-created', client);
// @ts-expect-error: a client form's record-created carries a client
emit('service-record-created', matter);
export const props: InstanceType<GlobalComponents['service-client-create']>['$props'] = {
  heading: 'New client',
};
// @ts-expect-error: only the client form's type was imported
export type Matter = GlobalComponents['service-matter-create'];
`;

export const BASE_APP = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('app')).render(createElement('p', null, 'Checkout'));
`;

export const ONE_ELEMENT_APP = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ServiceClientCreate } from '${PACKAGE_NAME}/react/service-client-create';
createRoot(document.getElementById('app')).render(
  createElement('div', null,
    createElement('p', null, 'Checkout'),
    createElement(ServiceClientCreate, { onRecordCreated: (e) => console.log(e.detail.record.id) }),
  ),
);
`;
