import { html, nothing } from 'lit';
import { isApiError } from '../../shared/api-client.js';
import { msg } from './localize.js';
import { isFormError } from './validate.js';

// How failures and outcomes read in every widget: one alert, a tinted box with a mark in the tone
// of its kind, in plain sentences. What went wrong technically (the transport's words, a
// developer's instructions) goes to the `service-error` event and the console, never on screen.
// Field messages go next to their fields (see renderField).

/** The kinds of alert, one tone each. */
export type Tone = 'error' | 'warning' | 'success';

/** Exactly one full stop (or other final mark) at the end. */
export const sentence = (text: string) =>
  /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

/**
 * The kit's one alert. Errors are announced at once (role=alert), warnings and successes
 * politely (role=status). It takes focus when a form moves it there (runForm).
 */
export const alertBox = (tone: Tone, content: unknown, part = tone === 'error' ? 'error' : tone) =>
  html`<div
    class="alert"
    data-tone=${tone}
    role=${tone === 'error' ? 'alert' : 'status'}
    part="alert ${part}"
    tabindex="-1"
  >
    ${content}
  </div>`;

/**
 * A question before a consequential step (deleting, going live): the kit's warning alert, named
 * by its question, with the buttons that answer it.
 */
export const confirmBox = (question: unknown, buttons: unknown) =>
  html`<div
    class="alert"
    data-tone="warning"
    role="group"
    part="alert confirm"
    aria-labelledby="confirm-text"
  >
    <div id="confirm-text" class="stack">${question}</div>
    <div class="row">${buttons}</div>
  </div>`;

/** The payment service's failure as a person reads it (our server's words: remote/transport.ts). */
export function plainRemote(text: string): string {
  if (/could not reach|no answer|timed out|HTTP 408/i.test(text)) {
    return msg('The payment service could not be reached. Try again in a few minutes.');
  }
  if (/HTTP 5\d\d|without (?:JSON|a GraphQL)/.test(text)) {
    return msg('The payment service had a problem answering. Try again in a few minutes.');
  }
  if (/HTTP 401/.test(text)) {
    return msg('The payment service does not accept the API token: check it in the settings.');
  }
  if (/HTTP 429/.test(text)) return msg('The payment service is busy. Try again in a minute.');
  if (/HTTP \d{3}/.test(text)) return msg('The payment service turned the request down.');
  return sentence(text);
}

/** What a failed call means to the person in front of the widget. */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return msg('Something went wrong. Try again.');
  switch (error.code) {
    case 'network':
      return msg('The payment server could not be reached. Check the connection, then try again.');
    case 'origin_not_allowed':
    case 'no_token':
      return msg('This page is not set up to use the payment forms yet; tell your administrator.');
    case 'remote_failed':
      return plainRemote(error.message);
  }
  // Nobody in front of the widget can renew a token: say what to do.
  if (error.status === 401) return msg('Your session has expired. Reload the page to continue.');
  return sentence(error.message);
}

/**
 * The alert of a failed call. Field messages whose field the form does not show (`shown`) are
 * listed in it, so none is ever lost.
 */
export function renderAlert(error: unknown, shown: readonly string[] = []) {
  if (!error) return nothing;
  const fields = isApiError(error) ? error.fields : {};
  const other = Object.entries(fields).filter(([field]) => !shown.includes(field));
  // The form's own checks: each message is beside its field already (and focus moves there).
  if (isFormError(error) && other.length === 0) return nothing;
  return alertBox(
    'error',
    html`<p>${errorMessage(error)}</p>
      ${
        other.length
          ? html`<ul>
              ${other.map(([field, messages]) => html`<li>${field}: ${messages.join('; ')}</li>`)}
            </ul>`
          : nothing
      }`,
  );
}

/**
 * A record's outcome: `done` (what was saved) as a success, or, when its sync has not reached the
 * payment service yet (`syncError`), one warning that says both — not a success and a warning.
 */
export const renderSaved = (done: unknown, syncError: string | null | undefined) =>
  alertBox(
    syncError ? 'warning' : 'success',
    html`${done}${
      syncError
        ? html`<p>
            ${msg('Saved here, but not yet in the payment service.')} ${plainRemote(syncError)}
          </p>`
        : nothing
    }`,
    syncError ? 'result warning' : 'result',
  );

/** The server's messages for one field, if the error has any. */
export function serverFieldErrors(error: unknown, field: string): string[] {
  return isApiError(error) ? (error.fields[field] ?? []) : [];
}
