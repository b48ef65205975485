// The Vue side's shared types: the component type of a custom element (for GlobalComponents)
// and the isCustomElement test, used by payment-link-widgets/vue and vue/<tag>.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { LitElement } from 'lit';

/** Vue's compilerOptions.isCustomElement: every tag of the kit is a custom element. */
export const isCustomElement = (tag: string): boolean => tag.startsWith('service-');

/** The properties a template may set: the element's own data, not Lit's or the form API's. */
type SettableKeys<E> = {
  [K in keyof E]: K extends keyof LitElement | 'record' | 'value' | 'form' | 'validity'
    ? never
    : E[K] extends (...args: never[]) => unknown
      ? never
      : K;
}[keyof E];

/** A custom element as a Vue component type (the pattern of Vue's guide to web components). */
export type DefineCustomElement<
  E extends HTMLElement,
  Events extends object = object,
> = new () => E & {
  /** @deprecated For template type checking only: not on the element. */
  $props: HTMLAttributes & Partial<Pick<E, SettableKeys<E>>> & PublicProps;
  /** @deprecated For template type checking only: not on the element. */
  $emit: EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;
};
