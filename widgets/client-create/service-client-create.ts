import { Task, TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import type { Client } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { renderTextField, renderSubmit } from '../core/service-element.js';
import { assertValid, checkName } from '../core/validate.js';
import { msg, str } from '../core/localize.js';

/**
 * A form that creates a client (the spec's `serviceClientCreate`). It goes through the
 * `ClientCreate` action, so the client exists in the payment service when the form says so (or
 * the answer carries why not).
 *
 * @tagname service-client-create
 * @summary Creates a client: one name.
 *
 * A form-associated element: its form value is the created client's id (see ServiceFormElement).
 *
 * @fires service-record-created - `detail: { recordType: 'client', record }` once the client is created.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered (once a token is configured).
 * @fires service-change - The person edited the name; `detail: { isValid }`.
 *
 * @csspart form - The form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - The name input.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart button - Buttons.
 * @csspart submit - The submit button.
 * @csspart result - What was created.
 * @csspart warning - A sync problem to know about.
 */
export class ServiceClientCreate extends ServiceFormElement<Client> {
  private readonly save = new Task<[string], Client>(this, {
    autoRun: false,
    task: resettable(async ([name]: [string], { signal }) => {
      assertValid({ name: checkName(name) });
      const [client] = await this.api.action('ClientCreate', { name: name.trim() }, signal);
      return client as Client;
    }),
    onComplete: (record) =>
      this.completed(record, new ServiceRecordCreatedEvent({ recordType: 'client', record })),
    onError: (error) => this.emitError('ClientCreate', error),
  });

  protected override get formTask(): Task<[string], Client> {
    return this.save;
  }

  protected override checkDraft(): FieldCheck[] {
    return [
      { field: 'name', label: msg('Client name'), messages: checkName(this.draftValue('name')) },
    ];
  }

  protected override async work(): Promise<Client> {
    const client = await this.runTask(this.save, [this.draftValue('name')]);
    this.clearDraft();
    return client;
  }

  protected override clearDraft(): void {
    this.clearInputs('name');
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const client = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New client'))} ${renderAlert(error, ['name'])}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${renderTextField({ id: 'name', label: msg('Client name'), errors: serverFieldErrors(error, 'name'), required: true, maxlength: 255 })}
        ${renderSubmit(pending, msg('Create client'), msg('Creating…'))}
      </form>
      ${
        client
          ? renderSaved(
              html`<p>${msg(str`Client “${client.name}” created.`)}</p>`,
              client.syncErrorMessage,
            )
          : nothing
      }
    </section>`;
  }
}
