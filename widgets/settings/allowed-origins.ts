import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { isApiError } from '../../shared/api-client.js';
import { MAX_ALLOWED_ORIGINS, normalizeOrigin, originProblem } from '../../shared/origins.js';
import type { Settings } from '../../shared/schemas.js';
import { alertBox, renderAlert } from '../core/alerts.js';
import { ServiceRecordUpdatedEvent } from '../core/events.js';
import { ServiceElement, ifDefined, renderField, renderSubmit } from '../core/service-element.js';
import { assertValid } from '../core/validate.js';
import { msg, str } from '../core/localize.js';

/** The lines of the text area, blank ones left out. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The list's problems, the server's words: each names the value. */
function checkOrigins(lines: string[]): string[] {
  const problems = lines.map(originProblem).filter((p): p is string => p !== null);
  if (lines.length > MAX_ALLOWED_ORIGINS) {
    problems.push(`must name at most ${MAX_ALLOWED_ORIGINS} origins`);
  }
  return problems;
}

/**
 * A problem with the list (the form's own or the server's, in the API's English words, see
 * originProblem) in the current language; a message it does not know stays as it is.
 */
function originWords(problem: string): string {
  const m = /^(“.*”) (.*)$/s.exec(problem);
  if (!m) {
    if (problem === 'must not be an empty line') return msg('must not be an empty line');
    const most = /^must name at most (\d+) origins$/.exec(problem);
    return most ? msg(str`must name at most ${most[1]} origins`) : problem;
  }
  const [, value, rest = ''] = m;
  const longer = /^is longer than (\d+) characters$/.exec(rest);
  if (longer) return msg(str`${value} is longer than ${longer[1]} characters`);
  if (rest === 'has a wildcard: list each origin itself') {
    return msg(str`${value} has a wildcard: list each origin itself`);
  }
  if (rest === 'is not an origin such as https://portal.example.com') {
    return msg(str`${value} is not an origin such as https://portal.example.com`);
  }
  if (rest === 'must use https (plain http only for localhost)') {
    return msg(str`${value} must use https (plain http only for localhost)`);
  }
  if (rest === 'must not hold a user name or password') {
    return msg(str`${value} must not hold a user name or password`);
  }
  const path = /^has a path: an origin is the scheme and host only, such as (.*)$/.exec(rest);
  if (path) {
    return msg(str`${value} has a path: an origin is the scheme and host only, such as ${path[1]}`);
  }
  return problem;
}

/**
 * The organization's allowed origins (admin role): the pages, besides the server's own and
 * CORS_ORIGINS, whose widgets may use its keys and tokens. One origin a line; saving applies at
 * once (the server reads them per request). Shown inside the settings card.
 *
 * @tagname service-allowed-origins
 * @summary The page origins allowed to use the widgets.
 *
 * @fires service-record-updated - `detail: { recordType: 'settings', record }` after saving.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 *
 * @csspart form - The form.
 * @csspart input - The list of origins.
 * @csspart submit - The save button.
 * @csspart result - The outcome of saving.
 */
export class ServiceAllowedOrigins extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    css`
      textarea {
        font: inherit;
        font-size: max(16px, 1em);
        color: inherit;
        inline-size: 100%;
        min-block-size: 5lh;
        padding: 0.45rem 0.6rem;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_input);
        box-sizing: border-box;
      }
    `,
  ];

  private readonly load = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) =>
      api.hasToken ? (await api.getSettings(signal)).allowedOrigins : initialState,
  });

  private readonly save = new Task(this, {
    autoRun: false,
    task: async ([lines]: [string[]], { signal }) => {
      assertValid({ allowedOrigins: checkOrigins(lines) });
      return this.api.updateSettings({ allowedOrigins: lines.map(normalizeOrigin) }, signal);
    },
    onComplete: (settings: Settings) =>
      this.emit(new ServiceRecordUpdatedEvent({ recordType: 'settings', record: settings })),
    onError: (error) => this.emitError('settings', error),
  });

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const text = String(new FormData(event.target as HTMLFormElement).get('allowedOrigins') ?? '');
    await this.runForm(this.save, [linesOf(text)]);
  }

  override render() {
    const saved = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    const origins = saved?.allowedOrigins ?? this.load.value;
    if (!origins) {
      return this.load.status === TaskStatus.ERROR ? renderAlert(this.load.error) : nothing;
    }
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    // The server names each refused line under `allowedOrigins.<index>`.
    const errors = isApiError(error)
      ? Object.entries(error.fields)
          .filter(([field]) => field === 'allowedOrigins' || field.startsWith('allowedOrigins.'))
          .flatMap(([, messages]) => messages.map(originWords))
      : [];
    return html`<div class="stack">
      ${this.renderHeading(msg('Allowed origins'))}
      ${renderAlert(error, Object.keys(isApiError(error) ? error.fields : {}))}
      <form part="form" novalidate @submit=${this.onSubmit}>
        ${renderField(
          {
            id: 'allowedOrigins',
            label: msg('Origins'),
            errors,
            hint: msg(
              'One origin a line, such as https://portal.example.com (http only for localhost). Saved changes apply at once.',
            ),
          },
          ({ describedBy, invalid }) =>
            html`<textarea
              id="allowedOrigins"
              name="allowedOrigins"
              part="input"
              rows="4"
              spellcheck="false"
              autocomplete="off"
              aria-describedby=${ifDefined(describedBy)}
              aria-invalid=${ifDefined(invalid)}
              .value=${origins.join('\n')}
            ></textarea>`,
        )}
        ${renderSubmit(pending, msg('Save allowed origins'), msg('Saving…'))}
      </form>
      ${
        saved
          ? alertBox(
              'success',
              html`<p>
                ${
                  saved.allowedOrigins.length
                    ? msg(str`${saved.allowedOrigins.length} allowed.`)
                    : msg('None allowed.')
                }
              </p>`,
              'result',
            )
          : nothing
      }
    </div>`;
  }
}
