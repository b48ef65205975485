// The React component of an element, made by @lit/react: shared by the per-element modules of
// payment-link-widgets/react/<tag> (react/), so a page that uses one element loads that one.
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { tagOf, type ElementName } from '../elements.js';
import { ELEMENT_EVENTS, type EventsOf } from './element-events.js';

/** `record-created` → `RecordCreated`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;
const pascal = (name: string) =>
  name.replace(/(?:^|-)([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** An element's React event props: `service-record-created` → `onRecordCreated`. */
export type ReactEventsOf<N extends ElementName> = {
  [
    K in keyof EventsOf<N> & string as K extends `service-${infer Rest}`
      ? `on${Pascal<Rest>}`
      : never
  ]: EventName<EventsOf<N>[K]>;
};

/** The React component of an element: its tag (tagOf) and events (element-events.ts). */
export function component<N extends ElementName, I extends HTMLElement>(
  name: N,
  elementClass: new () => I,
) {
  const events = Object.fromEntries(
    ELEMENT_EVENTS[name].map((event) => [`on${pascal(event.slice('service-'.length))}`, event]),
  ) as ReactEventsOf<N>;
  return createComponent({
    react: React,
    tagName: tagOf(name),
    elementClass,
    events,
    displayName: `Service${pascal(name)}`,
  });
}
