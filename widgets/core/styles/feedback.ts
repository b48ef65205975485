import { css } from 'lit';

// What a widget tells. One alert for every message about a call or a result (alerts.ts): a
// tinted box with a mark in the tone of its kind (error, warning, success); field messages under
// their fields; badges for a record's state in a list.
export const feedbackStyles = css`
  .field-error {
    color: var(--_danger);
  }
  .alert,
  .badge {
    --_tone: var(--_danger);
  }
  [data-tone='error'] {
    --_tone: var(--_danger);
  }
  [data-tone='warning'] {
    --_tone: var(--_warning);
  }
  [data-tone='success'] {
    --_tone: var(--_success);
  }
  [data-tone='muted'] {
    --_tone: var(--_muted);
  }
  .alert {
    position: relative;
    display: grid;
    gap: 0.5rem;
    padding: 0.6rem 0.75rem 0.6rem 2.4rem;
    border-radius: calc(var(--_radius) * 0.75);
    border-inline-start: 4px solid var(--_tone);
    background: color-mix(in srgb, var(--_tone) 12%, var(--_surface));
  }
  .alert:focus {
    outline: none;
  }
  .alert::before {
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
  .alert[data-tone='success']::before {
    content: '✓' / '';
  }
  .alert ul {
    margin: 0;
    padding-inline-start: 1.2rem;
  }
  /* Text that needs attention, in its tone (a health list's value). */
  .text[data-tone] {
    color: var(--_tone);
    font-weight: 600;
  }
  .badge {
    display: inline-block;
    padding: 0 0.5rem;
    border-radius: 1rem;
    border: 1px solid color-mix(in srgb, var(--_tone) 45%, var(--_surface));
    background: color-mix(in srgb, var(--_tone) 12%, var(--_surface));
    font-size: 0.875em;
    font-weight: 600;
    white-space: nowrap;
  }
`;
