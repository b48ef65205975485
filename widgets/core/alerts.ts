import { html, nothing } from 'lit';
import { isApiError } from '../../shared/api-client.js';

// How failures read in every widget: the API's own message, in plain words, in an alert that
// screen readers announce; field messages go next to their fields (see fieldErrors).

export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return `${error.message}. Reload the page to sign in again.`;
    return error.message;
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
