import { css, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { RequestTarget } from '../../shared/link-requests-api.js';
import { alertBox } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { ServiceElement, renderSubmit } from '../core/service-element.js';

// The frame both link dialogs share: a modal <dialog> (focus stays inside, Escape closes it)
// titled by its heading, the element's API client, and focus back on the button that opened it
// once it closes.

const frameStyles = css`
  dialog,
  textarea {
    box-sizing: border-box;
    color: var(--_text);
    border: 1px solid var(--_border);
  }
  dialog {
    inline-size: min(34rem, calc(100vw - 1rem));
    max-block-size: calc(100dvh - 1rem);
    padding: var(--_gap);
    background: var(--_surface);
    border-radius: var(--_radius);
    box-shadow: 0 10px 30px rgb(0 0 0 / 40%);
  }
  /* The message: as the kit's inputs look. */
  textarea {
    font: inherit;
    font-size: max(16px, 1em);
    inline-size: 100%;
    min-block-size: 6rem;
    padding: 0.45rem 0.6rem;
    background: var(--_input);
    border-radius: calc(var(--_radius) * 0.75);
    resize: vertical;
  }
  fieldset {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  legend {
    padding: 0;
    margin-block-end: 0.25rem;
  }
  .requests {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .requests > li {
    display: grid;
    gap: 0.2rem;
    padding-block-start: 0.5rem;
    border-block-start: 1px solid var(--_border);
    overflow-wrap: anywhere;
  }
  /* Side by side where there is room, their inputs on one line whatever their labels' length. */
  .split {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    align-items: end;
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 45%);
  }
`;

export abstract class LinkDialog extends ServiceElement {
  static override styles = [ServiceElement.styles, frameStyles];

  /** The API client of the element that opened the dialog. */
  @property({ attribute: false }) client?: ApiClient;
  /** The button that opened it: focus goes back there when it closes. */
  @property({ attribute: false }) opener?: HTMLElement;

  /** The link the dialog is for. */
  @state() protected target?: RequestTarget;
  /** Loading the link (and what else the dialog shows) failed. */
  @state() protected loadError: unknown;

  @query('dialog') protected dialog!: HTMLDialogElement;

  protected override get api(): ApiClient {
    return this.client ?? super.api;
  }

  /** Part of the element that opened it: that element says when it is ready, not its dialog. */
  protected override isLoaded(): boolean {
    return false;
  }

  /** Opens the dialog afresh for the link. */
  abstract open(target: RequestTarget): Promise<void>;

  /** Shows the dialog (modal) once rendered. */
  protected async show(): Promise<void> {
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Closes the dialog; focus goes back to the button that opened it. */
  close(): void {
    if (this.dialog?.open) this.dialog.close();
  }

  private onClose() {
    const opener = this.opener;
    const again = opener?.isConnected
      ? opener
      : this.parentNode?.querySelector<HTMLElement>(
          `[data-action="${opener?.dataset.action}"][data-id="${opener?.dataset.id}"]`,
        );
    again?.focus();
  }

  /** The dialog around `content`, titled `title`. */
  protected renderFrame(title: string, busy: boolean, content: unknown) {
    return html`<dialog
      part="dialog"
      aria-labelledby="title"
      aria-busy=${busy ? 'true' : 'false'}
      @close=${this.onClose}
    >
      <div class="stack">
        ${this.renderHeadingAt(0, title, 'title')}
        ${this.loadError ? alertBox('error', html`<p>${msg('Could not load the link.')}</p>`) : nothing}
        ${content}
      </div>
    </dialog>`;
  }

  /** The dialog's Close (or Cancel) button. */
  protected renderClose(label = msg('Close')) {
    return html`<button type="button" part="button close" @click=${() => this.close()}>
      ${label}
    </button>`;
  }

  private closeRow() {
    return html`<div class="row">${this.renderClose()}</div>`;
  }

  /** While the link loads: Loading…, or Close once it could not be loaded. */
  protected renderLoading() {
    return this.loadError ? this.closeRow() : html`<p class="hint">${msg('Loading…')}</p>`;
  }

  /** The link takes no more payments: why, and Close. */
  protected renderClosedLink(why: string) {
    return html`${alertBox('warning', html`<p>${why}</p>`)}${this.closeRow()}`;
  }

  /** What a submit did (focus moves there), and Close. */
  protected renderOutcome(tone: 'success' | 'warning', content: unknown) {
    return html`${alertBox(tone, content, 'result')}${this.closeRow()}`;
  }

  /** A form's end: the refusal of its last submit (`refusal`, its words), Submit and Cancel. */
  protected renderFormEnd(refusal: unknown, sending: boolean, submit: string, busy: string) {
    return html`${refusal ? alertBox('error', html`<p>${refusal}</p>`) : nothing}
      <div class="row">
        ${renderSubmit(sending, submit, busy)} ${this.renderClose(msg('Cancel'))}
      </div>`;
  }
}
