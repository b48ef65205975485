import { initialState, type Task, type TaskFunctionOptions } from '@lit/task';
import { css } from 'lit';
import { property } from 'lit/decorators.js';
import { sentence } from './alerts.js';
import { ServiceChangeEvent } from './events.js';
import { ServiceElement, clearFields } from './service-element.js';

// The form and flow-screen contract of the kit's form elements: each is a form-associated custom
// element (ElementInternals), so a host <form> sees it like one of its own controls — its value
// is the id of the record it created or updated, it takes part in constraint validation when
// `required` (what is typed, only: `reportValidity()` then `submit()` is the host's way),
// form.reset() resets it and a disabled <fieldset> disables it and its controls — and a flow
// screen with its own Next button drives it through validate(), submit() and reset().

/** What validate() answers: the spec's flow-screen validation. */
export interface Validation {
  isValid: boolean;
  /** Empty when valid; else the first problem, in the words the element shows beside its field. */
  errorMessage: string;
}

/** One field's check before the element's work: its control's id, its label, its messages. */
export interface FieldCheck {
  field: string;
  label: string;
  messages: readonly string[];
}

const RESET = Symbol('reset');

/**
 * A form task that reset() can take back to its initial state (no outcome shown), by running it
 * with RESET: the task function answers `initialState` then.
 */
export function resettable<A extends readonly unknown[], R>(
  task: (args: A, options: TaskFunctionOptions) => Promise<R>,
): (args: A, options: TaskFunctionOptions) => Promise<R> {
  // Typed as the task's own answer so Task infers it; Task itself takes initialState.
  return async (args, options) =>
    args[0] === RESET ? (initialState as never) : task(args, options);
}

const formStyles = css`
  :host(:disabled) [part~='card'] {
    opacity: 0.6;
  }
  :host([hide-submit]) form > [part~='submit'],
  :host([hide-submit]) [part~='card'] > [part~='submit'] {
    display: none;
  }
`;

/**
 * The base of the six form elements. `R` is what the element's work answers (`record`); its id
 * is the element's form value.
 *
 * @csspart submit - The element's own submit button (hidden by `hide-submit`).
 */
export abstract class ServiceFormElement<R extends object> extends ServiceElement {
  static formAssociated = true;
  static override styles = [ServiceElement.styles, formStyles];

  /** The name of the element's value in its form's data (`new FormData(form).get(name)`). */
  @property({ reflect: true }) name?: string;

  /** The host's form is invalid while what is typed could not be submitted. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** Disables the element, like a disabled <fieldset> around it. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Hides the element's own submit button, for a host that calls submit() itself. */
  @property({ type: Boolean, reflect: true, attribute: 'hide-submit' }) hideSubmit = false;

  readonly #internals: ElementInternals;
  #record: R | null = null;
  /** Edited since the last outcome (or reset). */
  #dirty = false;

  constructor() {
    super();
    this.#internals = this.attachInternals();
    this.addController({ hostUpdated: () => this.#syncForm() });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Native controls' input and change events reach the shadow root; the picker and the link
    // pills send `change` for the edits a click makes.
    this.renderRoot.addEventListener('input', this.#onEdit);
    this.renderRoot.addEventListener('change', this.#onEdit);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.renderRoot.removeEventListener('input', this.#onEdit);
    this.renderRoot.removeEventListener('change', this.#onEdit);
  }

  // ---- what each element provides ----

  /** The checks of what is typed now, in the order of the fields; no side effects. */
  protected abstract checkDraft(): FieldCheck[];

  /** Runs the element's work (its checks, then the call) and answers the record. */
  protected abstract work(): Promise<R>;

  /** Empties what the person typed and chose, back to the element's attributes. */
  protected abstract clearDraft(): void;

  /** The task whose outcome the element shows; reset() takes it back to the start. */
  protected abstract get formTask(): Task<readonly unknown[], unknown>;

  /** The form value of a record: its id. */
  protected recordValue(record: R): string {
    return (record as { id?: string }).id ?? '';
  }

  // ---- the contract ----

  /** The last record the element created or updated (null before, and after reset()). */
  get record(): R | null {
    return this.#record;
  }

  /** The id of `record`, or '' — the element's value in its form. */
  get value(): string {
    return this.#record ? this.recordValue(this.#record) : '';
  }

  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  get validity(): ValidityState {
    return this.#internals.validity;
  }

  get validationMessage(): string {
    return this.#internals.validationMessage;
  }

  get willValidate(): boolean {
    return this.#internals.willValidate;
  }

  checkValidity(): boolean {
    this.#syncForm();
    return this.#internals.checkValidity();
  }

  reportValidity(): boolean {
    this.#syncForm();
    return this.#internals.reportValidity();
  }

  /**
   * Whether what is typed could be submitted, without showing anything or calling the API. Done
   * work with nothing edited since is valid too: a flow's Back then Next moves on.
   */
  validate(): Validation {
    if (this.#record && !this.#dirty) return { isValid: true, errorMessage: '' };
    const problem = this.inOwnLocale(() => this.#firstProblem());
    return problem
      ? { isValid: false, errorMessage: problem.message }
      : { isValid: true, errorMessage: '' };
  }

  /**
   * Runs the element's work, as its own button does: resolves with the record, or rejects with
   * the API's error (or the form's own, code `invalid_form`), which the element shows as well.
   */
  async submit(): Promise<R> {
    return this.work();
  }

  /** Back to the start: nothing typed, no outcome shown, `record` null, value ''. */
  reset(): void {
    this.#record = null;
    this.#dirty = false;
    this.clearDraft();
    void this.formTask.run([RESET]);
    this.#syncForm();
  }

  /** form.reset() on the host form. */
  formResetCallback(): void {
    this.reset();
  }

  /** A disabled <fieldset> around the element (or its own `disabled`). */
  formDisabledCallback(): void {
    this.requestUpdate();
  }

  // ---- for the elements ----

  /** The record is in: value, validity, then the event (whose listeners read `value`). */
  protected completed(record: R | null, event: Event): void {
    this.#record = record;
    this.#dirty = false;
    this.#syncForm();
    this.emit(event);
  }

  /** The value of a control of the element's form (by name or id), '' when not shown. */
  protected draftValue(name: string): string {
    const control = this.renderRoot.querySelector<HTMLInputElement>(`#${name}`);
    return control?.value ?? '';
  }

  /** Empties the named inputs of the element's form (what the person typed). */
  protected clearInputs(...names: string[]): void {
    const form = this.renderRoot.querySelector<HTMLFormElement>('form');
    if (form) clearFields(form, ...names);
  }

  /** The element's own form's submit: its button, or Enter in a field. */
  protected onFormSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    // Driven by the host: Enter is the host form's, as it is in the host's own inputs.
    if (this.hideSubmit) {
      this.form?.requestSubmit();
      return;
    }
    // The element shows a failure itself (and emits service-error).
    this.submit().catch(() => undefined);
  };

  // ---- inside ----

  readonly #onEdit = () => {
    this.#dirty = true;
    this.#syncForm();
    this.emit(new ServiceChangeEvent({ isValid: this.validate().isValid }));
  };

  #firstProblem(): { field: string; message: string } | undefined {
    const check = this.checkDraft().find((c) => c.messages.length > 0);
    return (
      check && { field: check.field, message: sentence(`${check.label} ${check.messages[0]}`) }
    );
  }

  /**
   * The form value and the validity, as they are now. Validity is what is typed only: the work
   * not done yet is no problem of the form's (submit() does it), or `reportValidity()` would stay
   * false before a host could call submit().
   */
  #syncForm(): void {
    const internals = this.#internals;
    internals.setFormValue(this.value);
    this.#disableControls(this.matches(':disabled'));
    const problem =
      this.required && !this.#record ? this.inOwnLocale(() => this.#firstProblem()) : undefined;
    if (!problem) {
      internals.setValidity({});
      return;
    }
    internals.setValidity(
      { customError: true },
      problem.message,
      this.renderRoot.querySelector<HTMLElement>(`#${problem.field}`) ?? undefined,
    );
  }

  /**
   * A disabled element's controls are disabled (as a <fieldset disabled> does to its own), not
   * only out of reach: only those it disabled are enabled again, so their own `disabled` stays.
   */
  #disableControls(off: boolean): void {
    const card = this.renderRoot.querySelector<HTMLElement>('[part~="card"]');
    if (card) card.inert = off;
    for (const control of this.renderRoot.querySelectorAll<HTMLInputElement>(
      off ? 'input, select, textarea, button' : '[data-off]',
    )) {
      if (off && control.disabled) continue;
      control.disabled = off;
      control.toggleAttribute('data-off', off);
    }
  }
}
