// The second approver's API behind the trust ledger's approvals
// (docs/api.md#people-and-approvals): what waits, approve, reject. Functions over the typed
// ApiClient, like ledger-api.ts, so the kit's first-load chunk does not carry them; types only,
// so no zod reaches a bundle. Checked against the OpenAPI document by
// server/http/api-client-contract.db.test.ts.
import type { ApiClient } from './api-client.js';
import type { ApprovalRecord, ApprovalStatus, AwaitingApproval } from './approvals.js';

export type {
  ApprovalKind,
  ApprovalRecord,
  ApprovalStatus,
  AwaitingApproval,
} from './approvals.js';

/** Whether a ledger call's answer is an approval waiting rather than what it posted. */
export const isAwaitingApproval = (answer: object): answer is AwaitingApproval =>
  'status' in answer && answer.status === 'awaiting_approval';

/** Without `status`: the pending ones first (soonest to expire first), then the rest, newest first. */
export const listApprovals = (
  api: ApiClient,
  query: { status?: ApprovalStatus } = {},
  signal?: AbortSignal,
) => api.request<{ data: ApprovalRecord[] }>('GET', '/api/approvals', { query, signal });

const approval = (id: string) => `/api/approvals/${encodeURIComponent(id)}`;

/** Approves as the caller (an admin other than the requester): the action is carried on. */
export const approveApproval = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.request<ApprovalRecord>('POST', `${approval(id)}/approve`, { signal });

/** Rejects (an admin), or withdraws one's own: the action is never done. */
export const rejectApproval = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.request<ApprovalRecord>('POST', `${approval(id)}/reject`, { signal });
