import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { AggregateLink, Client } from '../../shared/schemas.js';
import { renderAlert } from './alerts.js';
import { clientNames } from './client-names.js';
import { distinctLabels, formatDateTime, formatMoney } from './format.js';
import { currentLocale, inLocale, localeOf, msg, str } from './localize.js';
import { renderField } from './service-element.js';

// A type-ahead record picker (the ARIA 1.2 combobox pattern with a listbox popup): clients, and
// the aggregate links of <service-aggregate-link-update>. It is a controller rendering into its
// host's shadow root rather than an element of its own, so the label, the input and the options
// share one tree and their id references work.

const SEARCH_DELAY_MS = 200;
const SUGGESTIONS = 8;

/** What a picker picks from. */
export interface PickerSource<T extends { id: string }> {
  label: string;
  /** The records whose name (or whatever the source searches) contains `q`, newest first. */
  search(api: ApiClient, q: string, limit: number, signal: AbortSignal): Promise<T[]>;
  get(api: ApiClient, id: string): Promise<T>;
  /** What the options say, in their order (tells alike records apart). */
  describe(api: ApiClient, records: readonly T[]): string[] | Promise<string[]>;
  /** The status line when nothing matches. */
  none(query: string): string;
}

export class RecordPicker<T extends { id: string }> implements ReactiveController {
  query = '';
  options: T[] = [];
  labels: string[] = [];
  open = false;
  active = -1;
  selected: T | null = null;
  searching = false;
  error: unknown = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #abort: AbortController | undefined;
  /** The record the host preselects (its id), and the API client it was last asked with. */
  #wanted: string | undefined;
  #wantedWith: ApiClient | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly api: () => ApiClient,
    private readonly onChange: (record: T | null) => void,
    readonly id: string,
    private readonly source: PickerSource<T>,
  ) {
    host.addController(this);
  }

  /** The options' words, in the host's language. */
  #describe(api: ApiClient, records: readonly T[]) {
    return inLocale(localeOf(this.host), () => this.source.describe(api, records));
  }

  /** configure() may come after the page's elements: a preselected record loads once it can. */
  hostUpdate(): void {
    const wanted = this.#wanted;
    if (wanted && this.selected?.id !== wanted && this.api() !== this.#wantedWith) {
      void this.selectById(wanted);
    }
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    this.#abort?.abort();
  }

  async select(record: T | null, label?: string): Promise<void> {
    this.selected = record;
    this.query = record ? (label ?? (await this.#describe(this.api(), [record]))[0]!) : '';
    this.open = false;
    this.active = -1;
    this.onChange(record);
    this.host.requestUpdate();
  }

  /** A record the person chose: the host hears of it as an edit (a `change` event). */
  async #choose(record: T, label: string | undefined): Promise<void> {
    this.#wanted = undefined;
    await this.select(record, label);
    this.host.shadowRoot
      ?.getElementById(this.id)
      ?.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /** Preselects a record given by id (an attribute of the host), loading it. */
  async selectById(id: string | undefined): Promise<void> {
    this.#wanted = id;
    if (!id || this.selected?.id === id) return;
    const api = this.api();
    // No token yet: hostUpdate() asks again once configure() gives one.
    if (!api.hasToken) return;
    this.#wantedWith = api;
    try {
      await this.select(await this.source.get(api, id));
      this.error = null;
    } catch (error) {
      this.error = error;
      this.host.requestUpdate();
    }
  }

  #search(immediately = false): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(), immediately ? 0 : SEARCH_DELAY_MS);
  }

  async #run(): Promise<void> {
    this.#abort?.abort();
    const api = this.api();
    // Nothing to ask with: the host's configure() has not run yet.
    if (!api.hasToken) return;
    const abort = (this.#abort = new AbortController());
    this.searching = true;
    this.host.requestUpdate();
    try {
      const found = await this.source.search(api, this.query.trim(), SUGGESTIONS, abort.signal);
      const labels = await this.#describe(api, found);
      if (abort.signal.aborted) return;
      this.options = found;
      this.labels = labels;
      this.error = null;
      this.open = true;
      this.active = found.length ? 0 : -1;
    } catch (error) {
      if (abort.signal.aborted) return;
      this.error = error;
      this.options = [];
      this.open = false;
    }
    this.searching = false;
    this.host.requestUpdate();
  }

  #onInput = (event: Event) => {
    this.query = (event.target as HTMLInputElement).value;
    if (this.selected) {
      this.selected = null;
      this.onChange(null);
    }
    this.#search();
  };

  #onKeyDown = (event: KeyboardEvent) => {
    const last = this.options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!this.open) this.#search(true);
        else this.active = Math.min(this.active + 1, last);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (this.open) this.active = Math.max(this.active - 1, 0);
        break;
      case 'Enter': {
        const option = this.open ? this.options[this.active] : undefined;
        // Enter picks the highlighted record; it submits the form only when the list is closed.
        if (this.open) event.preventDefault();
        if (option) void this.#choose(option, this.labels[this.active]);
        break;
      }
      case 'Escape':
        if (this.open) {
          event.preventDefault();
          event.stopPropagation();
          this.open = false;
        }
        break;
      default:
        return;
    }
    this.host.requestUpdate();
  };

  #onBlur = () => {
    clearTimeout(this.#timer);
    this.open = false;
    // Typed text that was never turned into a choice is not a record: show it as such.
    if (!this.selected && this.query) this.query = '';
    this.host.requestUpdate();
  };

  render(options: { label?: string; errors?: readonly string[]; hint?: unknown } = {}) {
    const { id } = this;
    const label = options.label ?? this.source.label;
    const listbox = `${id}-listbox`;
    const status = this.searching
      ? msg('Searching…')
      : this.open && this.options.length === 0
        ? this.source.none(this.query.trim())
        : '';
    return html`${renderField(
      {
        id,
        label,
        errors: options.errors ?? [],
        hint: options.hint ?? msg('Type to search, then pick with the arrow keys and Enter.'),
      },
      ({ describedBy, invalid }) =>
        html`<input
            id=${id}
            part="input combobox"
            role="combobox"
            type="text"
            autocomplete="off"
            aria-autocomplete="list"
            aria-controls=${listbox}
            aria-expanded=${this.open ? 'true' : 'false'}
            aria-activedescendant=${ifDefined(
              this.open && this.active >= 0 ? `${id}-option-${this.active}` : undefined,
            )}
            aria-describedby=${ifDefined(describedBy)}
            aria-invalid=${ifDefined(invalid)}
            .value=${this.query}
            @input=${this.#onInput}
            @keydown=${this.#onKeyDown}
            @blur=${this.#onBlur}
            @click=${() => !this.open && this.#search(true)}
          />
          <ul
            id=${listbox}
            class="listbox"
            role="listbox"
            part="listbox"
            aria-label=${msg(str`${label} suggestions`)}
            ?hidden=${!this.open || this.options.length === 0}
          >
            ${this.options.map(
              (record, index) =>
                html`<li
                  id="${id}-option-${index}"
                  role="option"
                  part="option"
                  aria-selected=${index === this.active ? 'true' : 'false'}
                  @mousedown=${(e: Event) => e.preventDefault()}
                  @click=${() => this.#choose(record, this.labels[index])}
                >
                  ${this.labels[index]}
                </li>`,
            )}
          </ul>
          <p class="hint" role="status">${status || nothing}</p>`,
    )}
    ${renderAlert(this.error)}`;
  }
}

const CLIENTS: PickerSource<Client> = {
  get label() {
    return msg('Client');
  },
  search: async (api, q, limit, signal) => (await api.listClients({ q, limit }, signal)).data,
  get: (api, id) => api.getClient(id),
  describe: (_api, clients) => clients.map((client) => client.name),
  none: (q) => (q ? msg(str`No client's name contains “${q}”.`) : msg('There are no clients yet.')),
};

/** The client picker of the forms. */
export class ClientPicker extends RecordPicker<Client> {
  constructor(
    host: ReactiveControllerHost & HTMLElement,
    api: () => ApiClient,
    onChange: (client: Client | null) => void,
    id = 'client',
  ) {
    super(host, api, onChange, id, CLIENTS);
  }
}

/**
 * Aggregate links by name or client, each option naming its client, amount and date (to the
 * second, then its short id, where two are alike).
 */
export const AGGREGATE_LINKS: PickerSource<AggregateLink> = {
  get label() {
    return msg('Aggregate link');
  },
  search: async (api, q, limit, signal) =>
    (await api.listAggregateLinks({ q, limit }, signal)).data,
  get: (api, id) => api.getAggregateLink(id),
  describe: async (api, links) => {
    // The caller's language, after the wait.
    const locale = currentLocale();
    const names = await clientNames(
      api,
      links.map((link) => link.clientId),
    );
    return inLocale(locale, () => describeLinks(links, names));
  },
  none: (q) =>
    q ? msg(str`No aggregate link matches “${q}”.`) : msg('There are no aggregate links yet.'),
};

function describeLinks(links: readonly AggregateLink[], names: Map<string, string>): string[] {
  {
    const label = (link: AggregateLink, when: string) =>
      [
        link.name ?? msg('Aggregate link'),
        (link.clientId && names.get(link.clientId)) || msg('no client'),
        formatMoney(link.amount),
        when,
      ].join(' · ');
    const labels = distinctLabels(
      links,
      (link) => label(link, formatDateTime(link.createdAt, true)),
      (link) => label(link, formatDateTime(link.createdAt, 'seconds')),
      (link) =>
        `${label(link, formatDateTime(link.createdAt, 'seconds'))} · ${link.id.slice(0, 8)}`,
    );
    return links.map((link) => labels.get(link)!);
  }
}
