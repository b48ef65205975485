import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from './localize.js';

// A form's fields as every widget draws them: the label, the control, a hint and the field's
// messages, wired for assistive technology; the submit button; emptying inputs after a success.

/**
 * Empties the named inputs of a form after a success. Not form.reset(): that would also blank
 * controls whose value Lit owns (a chosen client), behind Lit's back.
 */
export function clearFields(form: HTMLFormElement, ...names: string[]): void {
  for (const name of names) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement) control.value = '';
  }
}

export interface FieldOptions {
  id: string;
  label: string;
  errors: readonly string[];
  hint?: unknown;
  optional?: boolean;
}

/**
 * A field's hint and messages (`label` starts them), and what wires its control to them:
 * `aria-describedby` / `aria-invalid`, so assistive technology reads them with the control.
 */
export function fieldNotes(id: string, label: string, errors: readonly string[], hint?: unknown) {
  const ids = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean);
  return {
    describedBy: ids.length ? ids.join(' ') : undefined,
    invalid: errors.length ? ('true' as const) : undefined,
    notes: html`${hint ? html`<p class="hint" id="${id}-hint" part="hint">${hint}</p>` : nothing}
    ${
      errors.length
        ? html`<p class="field-error" id="${id}-error" part="field-error">
            ${label} ${errors.join('; ').replace(/([^.!?…])$/, '$1.')}
          </p>`
        : nothing
    }`,
  };
}

/** A labelled form field: the label, the control, a hint and the field's messages (fieldNotes). */
export function renderField(
  options: FieldOptions,
  control: (a: { describedBy: string | undefined; invalid: 'true' | undefined }) => unknown,
) {
  const { id, label, errors, hint, optional } = options;
  const notes = fieldNotes(id, label, errors, hint);
  return html`<div class="field" part="field">
    <label for=${id} part="label"
      >${label}${optional ? html` <span class="hint">${msg('(optional)')}</span>` : nothing}</label
    >
    ${control(notes)} ${notes.notes}
  </div>`;
}

/** A labelled one-line text field whose input's `id` and `name` are the field's id. */
export function renderTextField(
  options: FieldOptions & {
    required?: boolean;
    maxlength?: number;
    inputmode?: 'decimal' | 'numeric';
    /** Shown before the input, inside its border ("$"). */
    prefix?: string;
    onInput?: (event: Event) => void;
  },
) {
  const { id, required = false, maxlength, inputmode, prefix, onInput } = options;
  return renderField(options, ({ describedBy, invalid }) => {
    const input = html`<input
      id=${id}
      name=${id}
      part="input"
      inputmode=${ifDefined(inputmode)}
      autocomplete="off"
      maxlength=${ifDefined(maxlength)}
      ?required=${required}
      aria-describedby=${ifDefined(describedBy)}
      aria-invalid=${ifDefined(invalid)}
      @input=${onInput}
    />`;
    return prefix
      ? html`<div class="prefixed"><span aria-hidden="true">${prefix}</span>${input}</div>`
      : input;
  });
}

/** A labelled select whose `id` is the field's, `options` inside; `change` gets what is picked. */
export const renderSelectField = (
  options: FieldOptions & { disabled?: boolean },
  change: (value: string) => void,
  content: unknown,
) =>
  renderField(
    options,
    ({ describedBy, invalid }) =>
      html`<select
        id=${options.id}
        part="input"
        ?disabled=${options.disabled}
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${ifDefined(invalid)}
        @change=${(e: Event) => change((e.target as HTMLSelectElement).value)}
      >
        ${content}
      </select>`,
  );

/** A spinner beside a busy button's words (the card around it says aria-busy). */
export const spinner = html`<span class="spinner" aria-hidden="true"></span>`;

/**
 * A form's submit button; while busy it says so, spins, and stays focusable (aria-disabled).
 * `danger` for a step that takes money back (a refund, a void).
 */
export const renderSubmit = (
  pending: boolean,
  label: string,
  busyLabel: string,
  tone: 'primary' | 'danger' = 'primary',
) =>
  html`<button class=${tone} part="button submit" aria-disabled=${pending ? 'true' : 'false'}>
    ${pending ? html`${spinner}${busyLabel}` : label}
  </button>`;
