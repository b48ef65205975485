import { and, eq } from 'drizzle-orm';
import { clients, matters } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import type { RemoteClient, RemoteMatter } from '../remote/index.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, parentFailed, syncedState } from './record-state.js';

// The remote half of client and matter syncs: add or update, chosen by serviceId.

export function syncClient(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`client:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, clients, orgId, id);
    if (!attempt) return; // deleted meanwhile: nothing to sync
    const { row, previous } = attempt;
    const o = callOptions(ctx);
    let remote: RemoteClient;
    if (row.serviceId) {
      remote = await ctx.remote.updateClient(orgId, { id: row.serviceId, name: row.name }, o);
    } else {
      const adopted =
        previous > 0 ? await ctx.remote.findClientByExternalId(orgId, row.id, o) : null;
      remote = adopted
        ? adopted.name === row.name
          ? adopted
          : await ctx.remote.updateClient(orgId, { id: adopted.id, name: row.name }, o)
        : await ctx.remote.addClient(orgId, { name: row.name, externalId: row.id }, o);
    }
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
    const { row, previous } = attempt;
    const clientServiceId = await ensureClientSynced(ctx, orgId, row.clientId);
    const o = callOptions(ctx);
    let remote: RemoteMatter;
    if (row.serviceId) {
      remote = await ctx.remote.updateMatter(orgId, { id: row.serviceId, name: row.name }, o);
    } else {
      const adopted =
        previous > 0 ? await ctx.remote.findMatterByExternalId(orgId, row.id, o) : null;
      remote = adopted
        ? adopted.name === row.name
          ? adopted
          : await ctx.remote.updateMatter(orgId, { id: adopted.id, name: row.name }, o)
        : await ctx.remote.addMatter(
            orgId,
            { clientId: clientServiceId, name: row.name, externalId: row.id },
            o,
          );
    }
    await ctx.db
      .update(matters)
      .set({ serviceId: remote.id, ...syncedState(matters, row.updatedAt) })
      .where(eq(matters.id, row.id));
  });
}

/** Parents first: a client without a serviceId is synced before its child, here and now. */
export async function ensureClientSynced(
  ctx: SyncContext,
  orgId: string,
  clientId: string,
): Promise<string> {
  const serviceIdOf = async () =>
    (
      await ctx.db
        .select({ serviceId: clients.serviceId, name: clients.name })
        .from(clients)
        .where(and(eq(clients.orgId, orgId), eq(clients.id, clientId)))
    )[0];
  const before = await serviceIdOf();
  if (!before) throw remoteError('invalid_input', 'Its client no longer exists');
  if (before.serviceId) return before.serviceId;
  try {
    await syncClient(ctx, orgId, clientId);
  } catch (error) {
    throw parentFailed(`Client "${before.name}"`, error);
  }
  const after = await serviceIdOf();
  if (!after?.serviceId) throw remoteError('invalid_input', 'Its client could not be synced');
  return after.serviceId;
}

export async function ensureMatterSynced(
  ctx: SyncContext,
  orgId: string,
  matterId: string,
): Promise<string> {
  const serviceIdOf = async () =>
    (
      await ctx.db
        .select({ serviceId: matters.serviceId, name: matters.name })
        .from(matters)
        .where(and(eq(matters.orgId, orgId), eq(matters.id, matterId)))
    )[0];
  const before = await serviceIdOf();
  if (!before) throw remoteError('invalid_input', 'Its matter no longer exists');
  if (before.serviceId) return before.serviceId;
  try {
    await syncMatter(ctx, orgId, matterId);
  } catch (error) {
    throw parentFailed(`Matter "${before.name}"`, error);
  }
  const after = await serviceIdOf();
  if (!after?.serviceId) throw remoteError('invalid_input', 'Its matter could not be synced');
  return after.serviceId;
}
