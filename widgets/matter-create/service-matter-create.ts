import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Client, Matter } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ClientPicker } from '../core/record-picker.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { renderTextField, renderSubmit } from '../core/service-element.js';
import { assertValid, checkChosen, checkName } from '../core/validate.js';
import { msg, str } from '../core/localize.js';

/**
 * A form that creates a matter for a client (the spec's `serviceMatterCreate`): a type-ahead
 * client picker and the matter's name, through the `MatterCreate` action.
 *
 * @tagname service-matter-create
 * @summary Creates a matter: client and name.
 *
 * @fires service-record-created - `detail: { recordType: 'matter', record }` once the matter is created.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered (once a token is configured).
 * @fires service-change - The person edited something; `detail: { isValid }`.
 *
 * @csspart form - The form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - The inputs.
 * @csspart combobox - The client search input.
 * @csspart listbox - The client suggestions.
 * @csspart option - One suggested client.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart button - Buttons.
 * @csspart submit - The submit button.
 * @csspart result - What was created.
 * @csspart warning - A sync problem to know about.
 */
export class ServiceMatterCreate extends ServiceFormElement<Matter> {
  /** Preselects this client (its id); the user may still pick another. */
  @property({ attribute: 'client-id' }) clientId?: string;

  private readonly picker = new ClientPicker(
    this,
    () => this.api,
    () => this.requestUpdate(),
  );

  private readonly save = new Task<[Client | null, string], { matter: Matter; client: Client }>(
    this,
    {
      autoRun: false,
      task: resettable(async ([client, name], { signal }) => {
        assertValid({
          clientId: checkChosen(client?.id, msg('is required: choose a client')),
          name: checkName(name),
        });
        const [matter] = await this.api.action(
          'MatterCreate',
          { clientId: client!.id, name: name.trim() },
          signal,
        );
        return { matter: matter as Matter, client: client! };
      }),
      onComplete: ({ matter }) =>
        this.completed(
          matter,
          new ServiceRecordCreatedEvent({ recordType: 'matter', record: matter }),
        ),
      onError: (error) => this.emitError('MatterCreate', error),
    },
  );

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clientId')) void this.picker.selectById(this.clientId);
  }

  protected override get formTask() {
    return this.save;
  }

  protected override checkDraft(): FieldCheck[] {
    return [
      {
        field: 'client',
        label: msg('Client'),
        messages: checkChosen(this.picker.selected?.id, msg('is required: choose a client')),
      },
      { field: 'name', label: msg('Matter name'), messages: checkName(this.draftValue('name')) },
    ];
  }

  protected override async work(): Promise<Matter> {
    const { matter } = await this.runTask(this.save, [
      this.picker.selected,
      this.draftValue('name'),
    ]);
    // The client stays chosen: several matters for one client are common.
    this.clearInputs('name');
    return matter;
  }

  protected override clearDraft(): void {
    this.clearInputs('name');
    this.picker.select(null);
    void this.picker.selectById(this.clientId);
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const done = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New matter'))} ${renderAlert(error, ['clientId', 'name'])}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${this.picker.render({ errors: serverFieldErrors(error, 'clientId') })}
        ${renderTextField({ id: 'name', label: msg('Matter name'), errors: serverFieldErrors(error, 'name'), required: true, maxlength: 255 })}
        ${renderSubmit(pending, msg('Create matter'), msg('Creating…'))}
      </form>
      ${
        done
          ? renderSaved(
              html`<p>
                ${msg(str`Matter “${done.matter.name}” created for ${done.client.name}.`)}
              </p>`,
              done.matter.syncErrorMessage,
            )
          : nothing
      }
    </section>`;
  }
}
