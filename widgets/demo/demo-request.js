/* global document, fetch, setTimeout -- a browser script: the lint config knows only TypeScript globals */
// The demo page's payment request step, apart from demo.js: the payment link made in step 5
// offers "Send request…" under its URL; this shows what the simulator recorded instead of
// sending mail (POST /demo/emails) and the link's requests with their next reminder (GET
// /api/payment-links/{id}/requests), which is gone once the link is paid (step 7).
import { getToken } from './demo-token.js';

const $ = (selector) => document.querySelector(selector);
const showEmails = $('#show-emails');
const showReminders = $('#show-reminders');
const emailList = $('#emails');
const status = $('#request-status');
let linkId = null;

/** A call with the page's token (renewed once on a 401): the answer's JSON, or throws its message. */
async function call(method, path) {
  const send = async (renew) =>
    fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${await getToken({ renew })}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? '{}' : undefined,
    });
  let res = await send(false);
  if (res.status === 401) res = await send(true);
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.error?.message ?? `the server answered ${res.status}`);
  return answer;
}

async function listEmails() {
  const { emails } = await call('POST', '/demo/emails');
  emailList.replaceChildren(
    ...emails.map((email) => {
      const item = document.createElement('li');
      const cc = email.cc.length ? `, cc ${email.cc.join(', ')}` : '';
      item.textContent = `To ${email.to.join(', ')}${cc}: “${email.subject}”, linking to ${email.url}`;
      return item;
    }),
  );
  emailList.hidden = emails.length === 0;
  if (emails.length === 0) status.textContent = 'The simulator has recorded no email yet.';
}

async function listReminders() {
  if (!linkId) return;
  const { data } = await call('GET', `/api/payment-links/${linkId}/requests`);
  const [latest] = data;
  if (!latest) {
    status.textContent = 'No request sent for this link yet: use “Send request…” under it.';
    return;
  }
  status.textContent = latest.nextReminderAt
    ? `Next reminder: ${new Date(latest.nextReminderAt).toLocaleString()}.`
    : `Next reminder: none${latest.stoppedReason === 'paid' ? ' (the link is paid)' : ''}.`;
}

const run = (work) => () => work().catch((error) => (status.textContent = error.message));
showEmails.addEventListener('click', run(listEmails));
showReminders.addEventListener('click', run(listReminders));

document.addEventListener('service-record-created', ({ detail }) => {
  if (detail.recordType !== 'paymentLink') return;
  linkId = detail.record.id;
  showEmails.disabled = false;
  showReminders.disabled = false;
});
document.addEventListener('service-payment-request-sent', () => {
  void run(listEmails)();
  void run(listReminders)();
});
// Paying the link (step 7) ends its reminders: shown once the webhook brought the payment in.
$('#pay-link')?.addEventListener('click', () => setTimeout(run(listReminders), 2500));
