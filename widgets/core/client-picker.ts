import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { Client } from '../../shared/schemas.js';
import { errorMessage } from './alerts.js';
import { renderField } from './service-element.js';

// A type-ahead client picker (the ARIA 1.2 combobox pattern with a listbox popup). It is a
// controller rendering into its host's shadow root rather than an element of its own, so the
// label, the input and the options share one tree and their id references work.

const SEARCH_DELAY_MS = 200;
const SUGGESTIONS = 8;

export class ClientPicker implements ReactiveController {
  query = '';
  options: Client[] = [];
  open = false;
  active = -1;
  selected: Client | null = null;
  searching = false;
  error: unknown = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #abort: AbortController | undefined;
  /** The client the host preselects (its id), and the API client it was last asked with. */
  #wanted: string | undefined;
  #wantedWith: ApiClient | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly api: () => ApiClient,
    private readonly onChange: (client: Client | null) => void,
    readonly id = 'client',
  ) {
    host.addController(this);
  }

  /** configure() may come after the page's elements: a preselected client loads once it can. */
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

  select(client: Client | null): void {
    this.selected = client;
    this.query = client?.name ?? '';
    this.open = false;
    this.active = -1;
    this.onChange(client);
    this.host.requestUpdate();
  }

  /** A client the person chose: the host hears of it as an edit (a `change` event). */
  #choose(client: Client): void {
    this.#wanted = undefined;
    this.select(client);
    this.host.shadowRoot
      ?.getElementById(this.id)
      ?.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /** Preselects a client given by id (an attribute of the host), loading its name. */
  async selectById(id: string | undefined): Promise<void> {
    this.#wanted = id;
    if (!id) return;
    if (this.selected?.id === id) return;
    const api = this.api();
    // No token yet: hostUpdate() asks again once configure() gives one.
    if (!api.hasToken) return;
    this.#wantedWith = api;
    try {
      this.select(await api.getClient(id));
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
    // Nothing to ask with: the host's configure() has not run yet.
    if (!this.api().hasToken) return;
    const abort = (this.#abort = new AbortController());
    this.searching = true;
    this.host.requestUpdate();
    try {
      const page = await this.api().listClients(
        { q: this.query.trim(), limit: SUGGESTIONS },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      this.options = page.data;
      this.error = null;
      this.open = true;
      this.active = page.data.length ? 0 : -1;
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
        // Enter picks the highlighted client; it submits the form only when the list is closed.
        if (this.open) event.preventDefault();
        if (option) this.#choose(option);
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
    // Typed text that was never turned into a choice is not a client: show it as such.
    if (!this.selected && this.query) this.query = '';
    this.host.requestUpdate();
  };

  render(options: { label?: string; errors?: readonly string[]; hint?: unknown } = {}) {
    const { id } = this;
    const label = options.label ?? 'Client';
    const listbox = `${id}-listbox`;
    const status = this.searching
      ? 'Searching…'
      : this.open && this.options.length === 0
        ? this.query.trim()
          ? `No client's name contains “${this.query.trim()}”.`
          : 'There are no clients yet.'
        : '';
    return html`${renderField(
        {
          id,
          label,
          errors: [...(options.errors ?? []), ...(this.error ? [errorMessage(this.error)] : [])],
          hint: options.hint ?? 'Type to search, then pick with the arrow keys and Enter.',
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
              aria-label="${label} suggestions"
              ?hidden=${!this.open || this.options.length === 0}
            >
              ${this.options.map(
                (client, index) =>
                  html`<li
                    id="${id}-option-${index}"
                    role="option"
                    part="option"
                    aria-selected=${index === this.active ? 'true' : 'false'}
                    @mousedown=${(e: Event) => e.preventDefault()}
                    @click=${() => this.#choose(client)}
                  >
                    ${client.name}
                  </li>`,
              )}
            </ul>`,
      )}
      <p class="hint" role="status">${status || nothing}</p>`;
  }
}
