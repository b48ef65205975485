/* global document, setTimeout -- a browser script: the lint config knows only TypeScript globals */
// The demo page's payment plan step (11): the plan form follows the client (and matter) the page
// made, the view shows the plan just created, and two buttons play the rest in the simulator:
// the client enrols a test card at the plan's link (POST /demo/plan-enroll), and the clock moves
// on a month (POST /demo/clock), making the payments due; they arrive by signed webhook, and the
// view (which refreshes every 3 seconds) shows them and the paid amount grow.

const $ = (selector) => document.querySelector(selector);

/** `post` and `refused`: the page's demo calls (demo.js). */
export function wirePlans({ post, refused }) {
  const create = $('service-payment-plan-create');
  const view = $('service-payment-plan');
  const enroll = $('#plan-enroll');
  const clock = $('#plan-clock');
  const status = $('#plan-status');
  let plan = null;

  document.addEventListener('service-record-created', ({ detail }) => {
    const { recordType, record } = detail;
    if (recordType === 'client') {
      create.clientId = record.id;
    } else if (recordType === 'matter') {
      create.clientId = record.clientId;
      create.matterId = record.id;
    } else if (recordType === 'paymentPlan') {
      plan = record;
      view.planId = record.id;
      enroll.disabled = !record.serviceId;
      clock.disabled = false;
      status.textContent = '';
    }
  });

  document.addEventListener('service-payment-plan-canceled', () => {
    enroll.disabled = true;
    status.textContent = 'The plan is canceled: moving the clock makes no more of its payments.';
  });

  enroll.addEventListener('click', async () => {
    if (!plan) return;
    status.textContent = 'Enrolling a test card…';
    const sent = await post('/demo/plan-enroll', { paymentPlanId: plan.id });
    if (!sent.res.ok) {
      status.textContent = `Not enrolled: ${refused(sent)}`;
      return;
    }
    enroll.disabled = true;
    status.textContent = 'Enrolled: the plan charges the card on each payment day.';
    await view.refresh();
  });

  clock.addEventListener('click', async () => {
    status.textContent = 'Moving the clock…';
    const sent = await post('/demo/clock', { days: 31 });
    if (!sent.res.ok) {
      status.textContent = `The clock did not move: ${refused(sent)}`;
      return;
    }
    const { today, payments } = sent.answer;
    status.textContent = payments
      ? `The simulator’s day is ${today}: ${payments === 1 ? '1 payment' : `${payments} payments`} made. They arrive by webhook; the plan shows them.`
      : `The simulator’s day is ${today}: no payment was due (is a card enrolled?).`;
    setTimeout(() => view.refresh(), 800);
  });
}
