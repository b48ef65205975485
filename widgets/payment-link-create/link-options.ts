import { html, nothing, type ReactiveControllerHost } from 'lit';
import { controlOf, optionStyles, renderCheckbox, renderSplitResult } from './link-option-parts.js';
import { isApiError } from '../../shared/api-client.js';
import { fromCents, toCents } from '../../shared/money.js';
import type { ActionInput } from '../../shared/actions.js';
import type { LinkPaymentMethod } from '../../shared/records.js';
import type { BankAccount, PaymentLink } from '../../shared/schemas.js';
import { accountLabel, currencySymbol, formatMoney } from '../core/format.js';
import type { FieldCheck } from '../core/form-element.js';
import { msg, str } from '../core/localize.js';
import { clearFields, renderSelectField, renderTextField } from '../core/service-element.js';
import {
  amountExample,
  checkAmount,
  checkName,
  normalizeAmount,
  parseAmount,
} from '../core/validate.js';

// The payment link form's options (docs/api.md#payment-link-options), behind its "Options"
// disclosure and loaded the first time it opens (the kit's budget): a split (a second amount to
// the other kind of account: an earned fee to operating with a retainer to trust), the payment
// methods, partial payments, the surcharge (never on trust), the memo and receipts. What it sends
// is only what differs from the service's defaults, so a link made without touching them sends
// the spec's body.

/** What the form sends for its one amount: the spec's `amount` and `bankAccountId`. */
export interface MainAmount {
  amount: string;
  bankAccountId: string;
}

type LinkBody = Omit<ActionInput<'PaymentLinkCreate'>, 'clientId' | 'matterId' | 'paymentLinkName'>;

/** What the form owns: the host's bank accounts and the one chosen for the link's amount. */
type Host = ReactiveControllerHost & {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly locale: string;
};

/** The controls of the options, always shown once loaded (the split's only when it is on). */
const OPTION_CONTROLS = [
  'paymentMethodsAllowed',
  'partialPaymentAllowed',
  'surchargeEnabled',
  'memo',
  'sendReceipts',
];

const CARD: LinkPaymentMethod[] = ['CREDIT', 'DEBIT'];

export class LinkOptions {
  #split = false;
  #splitAccountId = '';
  /** The second amount being typed, as it will be sent (null while it is not an amount). */
  #splitPreview: string | null = null;
  #card = true;
  #ach = true;
  #partial = '';
  #surcharge = false;
  #receipts = true;

  constructor(
    private readonly host: Host,
    /** The bank accounts (the default first) and the id of the one chosen. */
    private readonly accounts: () => [BankAccount[], string],
  ) {
    const root = host.renderRoot as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, optionStyles.styleSheet!];
  }

  /** A checkbox whose change renders the form again. */
  #checkbox(...[id, label, checked, change, ...rest]: Parameters<typeof renderCheckbox>) {
    return renderCheckbox(id, label, checked, (on) => this.#set(() => change(on)), ...rest);
  }

  /** A split link's outcome: its total, then each account's amount; undefined when not split. */
  result(link: PaymentLink, client: string) {
    return renderSplitResult(link, client, this.accounts()[0]);
  }

  /** The chosen account, the other kind's accounts, the split's account when split, and trust. */
  #now() {
    const [accounts, chosenId] = this.accounts();
    const main = accounts.find((a) => a.id === chosenId);
    const others = main ? accounts.filter((a) => a.category !== main.category) : [];
    const other = others.find((a) => a.id === this.#splitAccountId) ?? others[0];
    const split = this.#split && other ? other : undefined;
    return { main, others, split, trust: main?.category === 'trust' || !!split };
  }

  #set(change: () => void): void {
    change();
    this.host.requestUpdate();
  }

  #value(id: string): string {
    return this.host.renderRoot.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
  }

  #splitLabel(split: BankAccount) {
    return split.category === 'trust'
      ? msg('Amount into trust (USD)')
      : msg('Amount into operating (USD)');
  }

  /** The options' checks, after the form's own (the server's words). */
  checks(): FieldCheck[] {
    const { split } = this.#now();
    return [
      ...(split
        ? [
            {
              field: 'splitAmount',
              label: this.#splitLabel(split),
              messages: checkAmount(this.#value('splitAmount')),
            },
          ]
        : []),
      {
        field: 'paymentMethodsAllowed',
        label: msg('Payment methods'),
        messages: this.#card || this.#ach ? [] : [msg('must allow at least one method')],
      },
      { field: 'memo', label: msg('Memo'), messages: checkName(this.#value('memo'), false) },
    ];
  }

  /** The body's amounts and options: `main` alone, or `amounts` when split, and what was changed. */
  body(main: MainAmount): LinkBody {
    const { split, trust } = this.#now();
    const memo = this.#value('memo').trim();
    return {
      ...(split
        ? {
            amounts: [
              main,
              { bankAccountId: split.id, amount: normalizeAmount(this.#value('splitAmount')) },
            ],
          }
        : main),
      ...(this.#card && this.#ach
        ? {}
        : {
            paymentMethodsAllowed: [
              ...(this.#card ? CARD : []),
              ...(this.#ach ? ['ACH' as const] : []),
            ],
          }),
      ...(this.#partial ? { partialPaymentAllowed: this.#partial === 'true' } : {}),
      ...(this.#surcharge && !trust ? { surchargeEnabled: true } : {}),
      ...(this.#receipts ? {} : { sendReceipts: false }),
      ...(memo ? { memo } : {}),
    };
  }

  /** The messages for the control `id`: its own, and the API's under the field it sends. */
  errors(error: unknown, id: string): string[] {
    if (!isApiError(error)) return [];
    return Object.entries(error.fields)
      .filter(([field]) => controlOf(field) === id)
      .flatMap(([, messages]) => messages);
  }

  /** The fields of `error` shown beside a control: the form's (`own`) and the options'. */
  shown(error: unknown, own: readonly string[]): string[] {
    const controls = [...own, ...OPTION_CONTROLS];
    if (this.#now().split) controls.push('splitAccountId', 'splitAmount');
    return isApiError(error)
      ? Object.keys(error.fields).filter((field) => controls.includes(controlOf(field)))
      : [];
  }

  /** Whether `error` has a message for a control of the options (their disclosure opens then). */
  owns(error: unknown): boolean {
    return this.shown(error, []).length > 0;
  }

  /** Empties what was typed (after a link is made); `all`: every option back to its default. */
  clear(all = false): void {
    const form = this.host.renderRoot.querySelector('form');
    if (form) clearFields(form, 'splitAmount', 'memo');
    this.#set(() => {
      this.#splitPreview = null;
      if (!all) return;
      this.#split = this.#surcharge = false;
      this.#card = this.#ach = this.#receipts = true;
      this.#splitAccountId = this.#partial = '';
    });
  }

  /** The options' controls, with the API's messages (`error`); `amount`: the first amount typed. */
  render(error: unknown, amount: string | null) {
    const { main, others, split, trust } = this.#now();
    const errors = (id: string) => this.errors(error, id);
    return html` <div class="stack" part="options-panel">
      ${this.#renderSplit(main, others, split, amount, errors)}
      <fieldset part="field" aria-describedby="methods-hint">
        <legend part="label">${msg('Payment methods')}</legend>
        ${this.#checkbox(
          'paymentMethodsAllowed',
          msg('Card (credit or debit)'),
          this.#card,
          (on) => (this.#card = on),
          errors('paymentMethodsAllowed'),
          msg('Payment methods'),
        )}
        ${this.#checkbox('methodAch', msg('Bank transfer (ACH)'), this.#ach, (on) => (this.#ach = on))}
        <p class="hint" part="hint" id="methods-hint">
          ${
            this.#card && this.#ach
              ? msg('Both: every method the firm takes.')
              : this.#ach
                ? msg('ACH only: the firm pays no card fee on a large amount.')
                : nothing
          }
        </p>
      </fieldset>
      ${renderSelectField(
        {
          id: 'partialPaymentAllowed',
          label: msg('Partial payments'),
          errors: errors('partialPaymentAllowed'),
        },
        (value) => this.#set(() => (this.#partial = value)),
        html`<option value="" ?selected=${this.#partial === ''}>
            ${msg('As the firm’s setting')}
          </option>
          <option value="true" ?selected=${this.#partial === 'true'}>${msg('Allowed')}</option>
          <option value="false" ?selected=${this.#partial === 'false'}>
            ${msg('Not allowed: the whole amount at once')}
          </option>`,
      )}
      ${this.#checkbox(
        'surchargeEnabled',
        msg('Add the card surcharge'),
        this.#surcharge && !trust,
        (on) => (this.#surcharge = on),
        errors('surchargeEnabled'),
        msg('Surcharge'),
        trust
          ? msg(
              'Not on a link into trust: a surcharge is the firm’s money, and it would be mixed with the client’s funds.',
            )
          : msg('The payment service adds its surcharge on top of a card payment.'),
        trust,
      )}
      ${renderTextField({
        id: 'memo',
        label: msg('Memo'),
        optional: true,
        errors: errors('memo'),
        maxlength: 255,
        hint: msg('The payer sees it. Without one, the link’s name is used.'),
      })}
      ${this.#checkbox(
        'sendReceipts',
        msg('Email the payer a receipt'),
        this.#receipts,
        (on) => (this.#receipts = on),
        errors('sendReceipts'),
      )}
    </div>`;
  }

  #renderSplit(
    main: BankAccount | undefined,
    others: BankAccount[],
    split: BankAccount | undefined,
    amount: string | null,
    errors: (id: string) => string[],
  ) {
    const toTrust = main?.category !== 'trust';
    const total =
      amount !== null && this.#splitPreview !== null
        ? fromCents(toCents(amount) + toCents(this.#splitPreview))
        : null;
    return html`${this.#checkbox(
      'split',
      toTrust
        ? msg('Split: a second amount into a trust account')
        : msg('Split: a second amount into an operating account'),
      !!split,
      (on) => (this.#split = on),
      [],
      '',
      !main
        ? msg('Choose the bank account first.')
        : others.length === 0
          ? toTrust
            ? msg('The firm has no trust account to split into.')
            : msg('The firm has no operating account to split into.')
          : msg('For example an earned fee to operating and a retainer to trust, in one link.'),
      others.length === 0,
    )}
    ${
      split
        ? html`${renderSelectField(
            {
              id: 'splitAccountId',
              label: toTrust ? msg('Trust account') : msg('Operating account'),
              errors: errors('splitAccountId'),
            },
            (id) => this.#set(() => (this.#splitAccountId = id)),
            others.map(
              (a) =>
                html`<option value=${a.id} ?selected=${a.id === split.id}>
                  ${accountLabel(a)}
                </option>`,
            ),
          )}
          ${renderTextField({
            id: 'splitAmount',
            label: this.#splitLabel(split),
            errors: errors('splitAmount'),
            hint:
              total === null
                ? msg(str`For example ${amountExample()}.`)
                : html`${msg('Total of the link:')}
                    <strong part="total">${formatMoney(total)}</strong>.`,
            required: true,
            inputmode: 'decimal',
            prefix: currencySymbol(),
            onInput: (e) =>
              this.#set(
                () =>
                  (this.#splitPreview = parseAmount(
                    (e.target as HTMLInputElement).value,
                    this.host.locale,
                  )),
              ),
          })}`
        : nothing
    }`;
  }
}
