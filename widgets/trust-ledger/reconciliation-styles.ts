import { css } from 'lit';

// The month's reconciliation's own look: the three balances side by side (stacked on a phone),
// a heading that carries the run's badges, and its forms' fields at their own height (a hint
// under one field does not stretch its neighbours' inputs).
export const reconciliationStyles = css`
  .figures {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
    gap: calc(var(--_gap) * 0.75);
  }
  .figure {
    display: grid;
    align-content: start;
    gap: 0.2rem;
    padding: 0.6rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
  }
  .figure-amount {
    font-size: 1.25rem;
    font-variant-numeric: tabular-nums;
  }
  [part~='section-heading'] .badge {
    margin-inline-start: 0.35rem;
    vertical-align: middle;
  }
  [part~='closed'] .badge {
    margin-inline-end: 0.35rem;
  }
  :is([part~='start-form'], [part~='item-form']) .field {
    align-content: start;
  }
  [part~='reports'] {
    gap: 0.5rem;
  }
`;
