import { css } from 'lit';

// What a widget tells: field errors, warnings, successes, alerts and results.
export const feedbackStyles = css`
  .field-error,
  .error {
    color: var(--_danger);
  }
  .warning {
    color: var(--_warning);
  }
  .success {
    color: var(--_success);
  }
  /* Alerts and block warnings: a tinted box with an icon, so they read at a glance. */
  [role='alert'],
  p.warning {
    --_tone: var(--_danger);
    position: relative;
    padding: 0.6rem 0.75rem 0.6rem 2.4rem;
    border-radius: calc(var(--_radius) * 0.75);
    border-inline-start: 4px solid var(--_tone);
    background: color-mix(in srgb, var(--_tone) 12%, var(--_surface));
    color: var(--_text);
  }
  p.warning {
    --_tone: var(--_warning);
  }
  [role='alert']::before,
  p.warning::before {
    content: '!' / '';
    position: absolute;
    inset-inline-start: 0.7rem;
    inset-block-start: 0.7rem;
    inline-size: 1.15rem;
    block-size: 1.15rem;
    border-radius: 50%;
    background: var(--_tone);
    color: var(--_surface);
    font-weight: 700;
    font-size: 0.8rem;
    line-height: 1.15rem;
    text-align: center;
  }
  [role='alert'] ul {
    margin: 0.25rem 0 0;
    padding-inline-start: 1.2rem;
  }
  .result {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_result);
  }
  .result:focus {
    outline: none;
  }
`;
