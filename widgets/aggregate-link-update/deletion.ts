import { html } from 'lit';
import type { AggregateLink } from '../../shared/schemas.js';
import { alertBox, confirmBox } from '../core/alerts.js';
import { msg, str } from '../core/localize.js';

// Emptying an aggregate link deletes it: the question first, then the outcome. A file of its own
// (the kit's budget), loaded when the question is first asked.

/** The field's message while the question waits for its answer. */
export const UNCONFIRMED = 'are all removed: confirm that the aggregate link is to be deleted';

/** The question, with its two answers ("Delete" submits the form; `keep` runs as the element). */
export const renderConfirm = (aggregate: AggregateLink, keep: () => void) =>
  confirmBox(
    html`<p>
      ${
        aggregate.name
          ? msg(str`With no payment links left, saving deletes “${aggregate.name}”. Delete it?`)
          : msg('With no payment links left, saving deletes this aggregate link. Delete it?')
      }
    </p>`,
    html`<button class="danger" part="button submit">${msg('Delete aggregate link')}</button>
      <button type="button" part="button" data-keep @click=${keep}>${msg('Keep it')}</button>`,
  );

/** The outcome of a deletion. */
export const renderDeleted = (record: AggregateLink) =>
  alertBox(
    'success',
    html`<p>
      ${record.name ? msg(str`Aggregate link “${record.name}” deleted.`) : msg('Aggregate link deleted.')}
    </p>`,
    'result',
  );
