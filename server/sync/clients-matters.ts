import { and, eq } from 'drizzle-orm';
import { clients, matters } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import { adoptOrCreate } from './adopt-or-create.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, parentFailed, syncedState } from './record-state.js';

// The remote half of client and matter syncs: add or update, chosen by serviceId.

export function syncClient(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`client:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, clients, orgId, id);
    if (!attempt) return; // deleted meanwhile: nothing to sync
    const { row } = attempt;
    const o = callOptions(ctx);
    const { remote } = await adoptOrCreate(attempt, {
      update: (remoteId) => ctx.remote.updateClient(orgId, { id: remoteId, name: row.name }, o),
      findCreated: () => ctx.remote.findClientByExternalId(orgId, row.id, o),
      create: () => ctx.remote.addClient(orgId, { name: row.name, externalId: row.id }, o),
      isCurrent: (adopted) => adopted.name === row.name,
    });
    await ctx.db
      .update(clients)
      .set({ serviceId: remote.id, ...syncedState(clients, row.updatedAt) })
      .where(eq(clients.id, row.id));
  });
}

export function syncMatter(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`matter:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, matters, orgId, id);
    if (!attempt) return;
    const { row } = attempt;
    const clientServiceId = await ensureClientSynced(ctx, orgId, row.clientId);
    const o = callOptions(ctx);
    const { remote } = await adoptOrCreate(attempt, {
      update: (remoteId) => ctx.remote.updateMatter(orgId, { id: remoteId, name: row.name }, o),
      findCreated: () => ctx.remote.findMatterByExternalId(orgId, row.id, o),
      create: () =>
        ctx.remote.addMatter(
          orgId,
          { clientId: clientServiceId, name: row.name, externalId: row.id },
          o,
        ),
      isCurrent: (adopted) => adopted.name === row.name,
    });
    await ctx.db
      .update(matters)
      .set({ serviceId: remote.id, ...syncedState(matters, row.updatedAt) })
      .where(eq(matters.id, row.id));
  });
}

/**
 * Parents first: a parent without a serviceId is synced before its child, here and now; answers
 * the parent's remote id. A parent's failure is the child's, with the parent named.
 */
async function ensureSynced(
  ctx: SyncContext,
  orgId: string,
  parent: { table: typeof clients | typeof matters; label: string; sync: typeof syncClient },
  id: string,
): Promise<string> {
  const { table, label } = parent;
  const read = async () =>
    (
      await ctx.db
        .select({ serviceId: table.serviceId, name: table.name })
        .from(table)
        .where(and(eq(table.orgId, orgId), eq(table.id, id)))
    )[0];
  const before = await read();
  if (!before) throw remoteError('invalid_input', `Its ${label.toLowerCase()} no longer exists`);
  if (before.serviceId) return before.serviceId;
  try {
    await parent.sync(ctx, orgId, id);
  } catch (error) {
    throw parentFailed(`${label} "${before.name}"`, error);
  }
  const after = await read();
  if (!after?.serviceId) {
    throw remoteError('invalid_input', `Its ${label.toLowerCase()} could not be synced`);
  }
  return after.serviceId;
}

export const ensureClientSynced = (ctx: SyncContext, orgId: string, clientId: string) =>
  ensureSynced(ctx, orgId, { table: clients, label: 'Client', sync: syncClient }, clientId);

export const ensureMatterSynced = (ctx: SyncContext, orgId: string, matterId: string) =>
  ensureSynced(ctx, orgId, { table: matters, label: 'Matter', sync: syncMatter }, matterId);
