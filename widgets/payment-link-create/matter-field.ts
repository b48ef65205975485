import { Task, TaskStatus, initialState, type TaskStatus as Status } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import type { Client, Matter } from '../../shared/schemas.js';
import { renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { renderSelectField } from '../core/service-element.js';

// The matter field of the forms that take a client and, optionally, one of its matters (a payment
// link, a payment plan): the chosen client's matters, loaded when the client changes.

/** The matters of the client `clientId()` answers (none without one). */
export const mattersTask = (
  host: ReactiveControllerHost,
  api: () => ApiClient,
  clientId: () => string | undefined,
) =>
  new Task(host, {
    args: () => [api(), clientId()] as const,
    task: async ([client, id]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!client.hasToken) return initialState;
      return id ? (await client.listMatters({ clientId: id, limit: 200 }, signal)).data : [];
    },
  });

/** The select of `client`'s matters, `chosenId` selected ('' none); `choose` gets the pick. */
export function renderMatterField(
  task: { value?: readonly Matter[] | undefined; status: Status; error?: unknown },
  client: Client | null,
  chosenId: string,
  errors: string[],
  choose: (id: string) => void,
) {
  const matters = client ? (task.value ?? []) : [];
  const pending = task.status === TaskStatus.PENDING;
  return html`${renderSelectField(
    {
      id: 'matterId',
      label: msg('Matter'),
      optional: true,
      errors,
      hint: client ? undefined : msg('Choose the client first.'),
      disabled: !client,
    },
    choose,
    html`<option value="">
        ${
          !client || matters.length
            ? msg('No matter')
            : pending
              ? msg('Loading matters…')
              : msg('The client has no matters')
        }
      </option>
      ${matters.map(
        (m) => html`<option value=${m.id} ?selected=${m.id === chosenId}>${m.name}</option>`,
      )}`,
  )}
  ${task.status === TaskStatus.ERROR ? renderAlert(task.error) : nothing}`;
}
