/* global document, FormData -- a browser script: the lint config knows only TypeScript globals */
// The flow screen of docs/widgets.md ("Flow screen"): client → matter → payment link, driven by
// the page's own Back and Next buttons; e2e/wizard.test.ts runs it under a strict CSP.
import { configure } from '/widgets/service-widgets.js';
import { getToken } from './demo-token.js';

configure({ getToken });

const form = document.querySelector('#wizard');
const steps = [...form.querySelectorAll('[data-step]')];
const [client, matter, paymentLink] = steps.map((step) => step.firstElementChild);
const error = document.querySelector('#wizard-error');
const back = document.querySelector('#wizard-back');
const next = document.querySelector('#wizard-next');
let current = 0;

// An element edited after its record was made makes a new one at the next Next.
const edited = new Set();
form.addEventListener('service-change', (event) => edited.add(event.target));

function show(index) {
  current = index;
  steps.forEach((step, i) => (step.hidden = i !== index));
  document.querySelector('#wizard-step').textContent =
    `Step ${index + 1} of ${steps.length}: ${steps[index].dataset.step}`;
  back.disabled = index === 0;
  next.textContent = index === steps.length - 1 ? 'Create payment link' : 'Next';
}

// Next (or Enter in a widget, which submits this form): check, create, move on.
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const element = steps[current].firstElementChild;
  const { isValid, errorMessage } = element.validate();
  error.textContent = errorMessage;
  if (!isValid) return;
  try {
    if (!element.record || edited.has(element)) await element.submit();
  } catch {
    return; // The widget shows what went wrong.
  }
  edited.delete(element);
  if (element === client) {
    matter.clientId = client.value;
    paymentLink.clientId = client.value;
  }
  if (element === matter) paymentLink.matterId = matter.value;
  if (current < steps.length - 1) return show(current + 1);
  // Every step done: the host form holds the three ids.
  const ids = Object.fromEntries(new FormData(form));
  const done = document.querySelector('#wizard-done');
  done.hidden = false;
  done.textContent = `Done: ${paymentLink.record.url} (client ${ids.clientId}, matter ${ids.matterId}, payment link ${ids.paymentLinkId}).`;
});

back.addEventListener('click', () => show(Math.max(0, current - 1)));
show(0);
