import { consume } from '@lit/context';
import { TaskStatus, type Task } from '@lit/task';
import { LitElement, html, nothing, type CSSResultGroup, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { ApiClient, isApiError } from '../../shared/api-client.js';
import { CONFIGURED_EVENT, clientFor, pageConfig, type Theme } from './config.js';
import { apiClientContext } from './context.js';
import {
  LOCALE_EVENT,
  inLocale,
  msg,
  languageOf,
  loadLanguage,
  localeOf,
  watchLang,
} from './localize.js';
import { ServiceErrorEvent, ServiceReadyEvent } from './events.js';
import { kitStyles } from './styles/index.js';
import { isFormError } from './validate.js';
import { KIT_VERSION } from './version.js';

/** An event of the page an element hears, and what it does then. */
export type PageListener = [type: string, listener: (event: Event) => void];

/** The fallback with nothing configured: this origin, no token (the API says what is missing). */
let unconfigured: ApiClient | undefined;

/**
 * The base of every widget: where its API client comes from, `emit()`, and the shared look.
 * Elements extend this, never LitElement directly.
 *
 * The client is, in order: one made from the element's own `api-base`/`token` attributes (the
 * page configuration fills in what they leave out), the one provided through @lit/context by an
 * ancestor, the page's from configure(), or the page's own origin without a token.
 *
 * @cssproperty --service-font-family - Font of the widget (default: the system UI font).
 * @cssproperty --service-font-size - Base font size (default 0.9375rem).
 * @cssproperty --service-color-text - Text colour.
 * @cssproperty --service-color-muted - Hints and secondary text.
 * @cssproperty --service-color-surface - Card and button background.
 * @cssproperty --service-color-input - Background of inputs and selects.
 * @cssproperty --service-color-border - Borders of the card, inputs and table rows.
 * @cssproperty --service-color-accent - Primary buttons, links and the focus ring (links and the ring keep it readable: darker on a light surface, lighter on a dark one).
 * @cssproperty --service-color-on-accent - Text on primary buttons (default: black or white, whichever reads better on the accent).
 * @cssproperty --service-color-danger - Errors.
 * @cssproperty --service-color-warning - Warnings.
 * @cssproperty --service-color-success - Success messages.
 * @cssproperty --service-color-result - Background of a result (a new link's URL).
 * @cssproperty --service-color-highlight - The active option of a list.
 * @cssproperty --service-color-pill - Background of a pill.
 * @cssproperty --service-radius - Corner radius.
 * @cssproperty --service-spacing - Padding of the card and space between fields.
 * @cssproperty --service-focus-ring - Outline of the focused control (default: 3px of the accent, at 3:1 or more on the surface).
 * @cssproperty --service-max-width - Largest width of the widget (default 40rem).
 *
 * @csspart card - The widget's outer box.
 * @csspart heading - Its heading.
 * @csspart alert - Every alert (with `error`, `warning` or `success`, or what it is about).
 * @csspart error - The alert that shows a failed call.
 */
export class ServiceElement extends LitElement {
  /** The kit version that defined this element (two copies of the kit on a page tell apart). */
  static readonly kitVersion = KIT_VERSION;

  static override styles: CSSResultGroup = kitStyles;

  /** The API server, e.g. `https://payments.example.com`. Default: configure()'s, or this page's origin. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** A widget token for this element alone. Default: configure()'s token or token getter. */
  @property() token?: string;

  /** The heading on top of the widget; an empty value hides it. */
  @property() heading?: string;

  /** The level of the widget's heading (1–6, default 2); its sections' headings are one below. */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 2;

  /**
   * The colour scheme: `light`, `dark`, or `auto` (the OS's). Without it, configure()'s `theme`,
   * else `auto`.
   */
  @property({ reflect: true }) theme?: Theme;

  /** The client an ancestor provides through @lit/context, if any. */
  @consume({ context: apiClientContext, subscribe: true })
  @state()
  protected providedClient?: ApiClient;

  /** Bumped when configure() runs, so tasks that depend on `api` run again. */
  @state() private configVersion = 0;

  #own?: { key: string; client: ApiClient };
  #ready = false;

  /** The listeners on the page while connected (pageListeners(), asked at each connection). */
  #heard: PageListener[] = [];

  /**
   * What the element hears on the page while it is connected: configure(), the language, and the
   * other widgets' events (they bubble to it). An element adds its own to its base's.
   */
  protected pageListeners(): PageListener[] {
    return [
      [
        CONFIGURED_EVENT,
        () => {
          this.#own = undefined;
          this.configVersion += 1;
        },
      ],
      [LOCALE_EVENT, () => this.requestUpdate()],
    ];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#heard = this.pageListeners();
    for (const [type, listener] of this.#heard) globalThis.addEventListener(type, listener);
    watchLang();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const [type, listener] of this.#heard) globalThis.removeEventListener(type, listener);
  }

  /** The element's locale (see localize.ts): its text, dates and money follow it. */
  get locale(): string {
    return localeOf(this);
  }

  /** Runs `work` with the element's locale as the current one (its text, dates and money). */
  protected inOwnLocale<T>(work: () => T): T {
    return inLocale(this.locale, work);
  }

  /** Renders in the element's locale, loading its language's texts the first time. */
  protected override update(changed: PropertyValues): void {
    const locale = this.locale;
    void loadLanguage(languageOf(locale));
    inLocale(locale, () => super.update(changed));
  }

  /**
   * Whether the data the element shows first has loaded (or failed to: the element says so).
   * Elements that load something say when; `service-ready` waits for it, and for a token.
   */
  protected isLoaded(): boolean {
    return true;
  }

  constructor() {
    super();
    // After every update, whatever a subclass's own updated() does.
    this.addController({
      hostUpdated: () => {
        if (!this.#ready && this.configured && this.isLoaded()) {
          this.#ready = true;
          this.emit(new ServiceReadyEvent());
        }
      },
    });
  }

  /** The API client this element uses now (the same object until its configuration changes). */
  protected get api(): ApiClient {
    const page = pageConfig();
    if (this.apiBase !== undefined || this.token !== undefined) {
      const key = `${this.apiBase ?? ''}\n${this.token ?? ''}\n${this.configVersion}`;
      if (this.#own?.key !== key) {
        const config = page?.config ?? {};
        this.#own = {
          key,
          client: clientFor({
            ...config,
            apiBase: this.apiBase ?? config.apiBase,
            ...(this.token !== undefined ? { token: this.token, getToken: undefined } : {}),
          }),
        };
      }
      return this.#own.client;
    }
    if (this.providedClient) return this.providedClient;
    if (page) return page.client;
    return (unconfigured ??= new ApiClient());
  }

  /**
   * Whether a token is configured anywhere. Until then loads wait rather than fail: a host page
   * usually calls configure() just after the kit registered (and so rendered) the elements.
   */
  protected get configured(): boolean {
    return this.api.hasToken;
  }

  protected renderUnconfigured() {
    return this.configured
      ? nothing
      : html`<p class="hint" part="hint">
          ${msg('Waiting for a token: set the widget’s token attribute, or call configure() on the page.')}
        </p>`;
  }

  /** Dispatches one of the kit's events (they bubble and cross shadow roots) from this element. */
  protected emit<E extends Event>(event: E): E {
    this.dispatchEvent(event);
    return event;
  }

  /** Loads that failed and have not succeeded since: their next failures are the same episode. */
  readonly #failing = new Set<string>();

  /**
   * Reports a failed call as `service-error` (the widget shows it as well, in plain words): for a
   * load that repeats (`repeating`: a poll, a reload), once per failure episode, until it works
   * again (loaded()). What a developer must fix goes to the console too.
   */
  protected emitError(operation: string, error: unknown, repeating = false): void {
    // A form's own checks made no call: nothing failed that a host needs to hear about.
    if (!isApiError(error) || isFormError(error)) return;
    if (repeating) {
      if (this.#failing.has(operation)) return;
      this.#failing.add(operation);
    }
    if (error.code === 'origin_not_allowed' || error.code === 'no_token') {
      console.warn(`<${this.localName}>: ${error.message}`);
    }
    this.emit(new ServiceErrorEvent(operation, error));
  }

  /** A repeating load worked: its next failure starts a new episode. */
  protected loaded(operation: string): void {
    this.#failing.delete(operation);
  }

  /**
   * Runs a form's task (its checks, then the call) unless one is running, and moves focus where
   * the user needs it next: the result, else the first field in error, else the alert.
   */
  protected async runForm<A extends readonly unknown[]>(
    task: Task<A, unknown>,
    args: A,
  ): Promise<boolean> {
    if (task.status === TaskStatus.PENDING) return false;
    return this.runTask(task, args).then(
      () => true,
      () => false,
    );
  }

  /**
   * runForm's work for a caller that wants the outcome: resolves with the task's value, or
   * rejects with its error (the widget shows it). A task already running is waited for.
   */
  protected async runTask<A extends readonly unknown[], V>(task: Task<A, V>, args: A): Promise<V> {
    if (task.status === TaskStatus.PENDING) return task.taskComplete;
    // The task's own checks (before its first await) speak the element's language.
    await this.inOwnLocale(() => task.run(args));
    await this.updateComplete;
    const done = task.status === TaskStatus.COMPLETE;
    const target = done
      ? this.renderRoot.querySelector<HTMLElement>('[part~="result"]')
      : (this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        this.renderRoot.querySelector<HTMLElement>('[part~="error"]'));
    target?.focus();
    if (done) return task.value as V;
    throw task.error;
  }

  protected renderHeading(fallback: string) {
    const text = this.heading ?? fallback;
    return text ? this.renderHeadingAt(0, text) : nothing;
  }

  /** A heading `depth` levels below the widget's own (a section's: 1). */
  protected renderHeadingAt(depth: number, content: unknown, id?: string) {
    const level = Math.min(6, Math.max(1, this.headingLevel + depth));
    return html`<div
      role="heading"
      aria-level=${level}
      id=${ifDefined(id)}
      class=${depth ? 'h sub' : 'h'}
      part=${depth ? 'section-heading' : 'heading'}
    >
      ${content}
    </div>`;
  }

  /** Moves focus to the first element matching `selector` in this widget, after rendering. */
  protected async focusWithin(selector: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }
}

// The fields' helpers, where the elements have always imported them from.
export {
  clearFields,
  fieldNotes,
  renderField,
  renderSelectField,
  renderSubmit,
  renderTextField,
  spinner,
  type FieldOptions,
} from './fields.js';
export { ifDefined };
