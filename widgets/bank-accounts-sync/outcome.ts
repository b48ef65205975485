import { html } from 'lit';
import type { BankAccountsSyncResult } from '../../shared/actions.js';
import { alertBox } from '../core/alerts.js';
import { formatCount, plural } from '../core/format.js';
import { msg, str } from '../core/localize.js';

// The sync's outcome: a file of its own (the kit's budget), loaded while the first sync runs.

/** How many bank accounts were synced, added, updated and removed. */
export const renderOutcome = (result: BankAccountsSyncResult) =>
  alertBox(
    'success',
    html`<p>
      ${msg(
        str`${plural(result.synced, msg('bank account'), msg('bank accounts'))} synced (${formatCount(result.added)} added, ${formatCount(result.updated)} updated, ${formatCount(result.removed)} removed).`,
      )}
    </p>`,
    'result',
  );
