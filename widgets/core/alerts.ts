import { html, nothing } from 'lit';
import { isApiError } from '../../shared/api-client.js';
import { isFormError } from './validate.js';

// How failures read in every widget: the API's own message, in plain words, in an alert that
// screen readers announce; field messages go next to their fields (see fieldErrors).

/** Exactly one full stop (or other final mark) at the end. */
export const sentence = (text: string) =>
  /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    // The person in front of the widget cannot renew a token: tell them what to do. (The API's
    // own words, for the developer, travel in the service-error event.)
    if (error.status === 401 && error.code === 'unauthorized') {
      return 'Your session has expired. Reload the page to continue.';
    }
    return sentence(error.message);
  }
  return 'Something went wrong. Try again.';
}

/**
 * The alert above a form. Field messages whose field the form does not show (`shown`) are listed
 * in it, so none is ever lost.
 */
export function renderAlert(error: unknown, shown: readonly string[] = []) {
  if (!error) return nothing;
  const fields = isApiError(error) ? error.fields : {};
  const other = Object.entries(fields).filter(([field]) => !shown.includes(field));
  // The form's own checks: each message is beside its field already (and focus moves there).
  if (isFormError(error) && other.length === 0) return nothing;
  return html`<div class="error" role="alert" part="error" tabindex="-1">
    <p class="error">${errorMessage(error)}</p>
    ${
      other.length
        ? html`<ul>
            ${other.map(([field, messages]) => html`<li>${field}: ${messages.join('; ')}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** The server's messages for one field, if the error has any. */
export function serverFieldErrors(error: unknown, field: string): string[] {
  return isApiError(error) ? (error.fields[field] ?? []) : [];
}
