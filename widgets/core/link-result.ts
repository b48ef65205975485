import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { alertBox } from './alerts.js';
import { msg, str } from './localize.js';
import { safeHttpUrl } from './format.js';

// A link's URL with a copy button. Only http(s) URLs are rendered as links (and offered for
// copying); anything else from the API is shown as inert text.

export class CopyController implements ReactiveController {
  state: 'idle' | 'copied' | 'failed' = 'idle';
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.state = 'copied';
    } catch {
      // No clipboard permission (an iframe, an old browser): the URL stays selectable.
      this.state = 'failed';
    }
    this.host.requestUpdate();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.state = 'idle';
      this.host.requestUpdate();
    }, 4000);
  }
}

/** The URL as a link (new tab) with a copy button, or as plain text when it is not http(s). */
export function renderUrl(
  url: string | null | undefined,
  copier: CopyController,
  label = msg('link'),
  copyLabel = msg('Copy link'),
) {
  if (!url) return nothing;
  const safe = safeHttpUrl(url);
  if (!safe) {
    return alertBox(
      'warning',
      html`<p>
        ${msg(str`The ${label} is not a web address and is not shown as a link:`)}
        <code>${url}</code>
      </p>`,
      'url unsafe-url',
    );
  }
  return html`<a part="url" href=${safe} target="_blank" rel="noopener noreferrer">${safe}</a>
    ${renderCopy(copier, safe, copyLabel)}`;
}

/** A copy button and what it did ("Copied."), announced. */
export const renderCopy = (copier: CopyController, text: string, label: string) =>
  html`<div class="row">
    <button type="button" part="button copy-button" @click=${() => copier.copy(text)}>
      ${label}
    </button>
    <span role="status" class="hint"
      >${
        copier.state === 'copied'
          ? msg('Copied.')
          : copier.state === 'failed'
            ? msg('Could not copy: select the address instead.')
            : nothing
      }</span
    >
  </div>`;
