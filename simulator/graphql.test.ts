// The GraphQL endpoint over loopback HTTP: auth, documents, isolation, records, webhook URLs.
import { describe, expect, it } from 'vitest';
import { bankAccounts, newClient, ok, UUID_V4 } from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator({ autoCreateFirmKeyPrefix: 'p_secret_sandbox_' });

describe('authentication and documents', () => {
  it('answers 401 without a key or with an unknown key', async () => {
    const missing = await s.gql('{ me { role } }', undefined, null);
    expect(missing.status).toBe(401);
    const unknown = await s.gql('{ me { role } }', undefined, 'f_secret_sandbox_nope');
    expect(unknown.status).toBe(401);
    expect(unknown.errors?.[0]?.message).toMatch(/Invalid API key/);
  });

  it('creates a firm for an unknown key with the configured prefix', async () => {
    const data = await ok(s, '{ me { role firm { id name } } }', undefined, 'p_secret_sandbox_new');
    const me = data.me as unknown as { role: string; firm: { id: string } };
    expect(me.firm.id).toMatch(UUID_V4);
    expect(me.firm.id).not.toBe(s.firm.id);
    expect(s.sim.firm('p_secret_sandbox_new').id).toBe(me.firm.id);
  });

  it('tells whose key it is with me', async () => {
    const data = await ok(s, '{ me { role firm { id name } } }');
    expect(data.me).toEqual({ role: 'firm', firm: { id: s.firm.id, name: 'Test Firm' } });
  });

  it('rejects an invalid document with HTTP 200 and GraphQL errors', async () => {
    const invalid = await s.gql('{ me { role nope } }');
    expect(invalid.status).toBe(200);
    expect(invalid.data).toBeUndefined();
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const missingArg = await s.gql('{ transaction { id } }');
    expect(missingArg.errors?.[0]?.message).toMatch(/argument "id"/);
    const syntax = await s.gql('{ me { role ');
    expect(syntax.status).toBe(200);
    expect(syntax.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('rejects non-JSON bodies with 400', async () => {
    const response = await fetch(`${s.origin}/`, {
      method: 'POST',
      headers: { 'x-api-key': s.firm.apiKey, 'content-type': 'text/plain' },
      body: '{ me { role } }',
    });
    expect(response.status).toBe(400);
  });

  it('runs aliased mutations in order within one request', async () => {
    const data = await ok(
      s,
      `mutation {
      a: addClient(input: { clientName: "First", externalId: "x-1" }) { id }
      b: addClient(input: { clientName: "Second", externalId: "x-1" }) { id }
    }`,
    );
    // Equal externalIds are allowed; the look-up finds the first one created.
    const found = await ok(s, '{ client(externalId: "x-1") { id clientName } }');
    expect(found.client).toEqual({ id: data.a?.id, clientName: 'First' });
    expect(s.sim.stats(s.firm.id).accepted).toBe(2);
  });
});

describe('bank accounts, clients, matters', () => {
  it('seeds an operating default, a trust default and a second operating account', async () => {
    const list = await bankAccounts(s);
    expect(list.map((a) => [a.category, a.isDefault])).toEqual([
      ['operating', true],
      ['trust', true],
      ['operating', false],
    ]);
    for (const account of list) {
      expect(account.id).toMatch(UUID_V4);
      expect(account.lastFour).toMatch(/^\d{4}$/);
      expect(account.firmId).toBe(s.firm.id);
    }
    const searched = await ok(
      s,
      '{ bankAccountsList(search: "trust") { bankAccounts { nickname } } }',
    );
    expect(searched.bankAccountsList).toEqual({ bankAccounts: [{ nickname: 'Trust (IOLTA)' }] });
  });

  it('adds, updates and finds clients by id and externalId', async () => {
    const id = await newClient(s, 'Acme LLC', 'local-1');
    expect(id).toMatch(UUID_V4);
    const updated = await ok(
      s,
      'mutation { updateClient(input: { id: "' +
        id +
        '", clientName: "Acme Inc" }) { clientName externalId } }',
    );
    expect(updated.updateClient).toEqual({ clientName: 'Acme Inc', externalId: 'local-1' });
    const byId = await ok(s, `{ client(id: "${id}") { externalId balance { totalOutstanding } } }`);
    expect(byId.client).toEqual({ externalId: 'local-1', balance: { totalOutstanding: 0 } });
    const byExternal = await ok(s, '{ client(externalId: "local-1") { id } }');
    expect(byExternal.client?.id).toBe(id);
  });

  it('answers an unknown id or externalId with a clear GraphQL error (the field is non-null)', async () => {
    const unknown = await s.gql('{ client(externalId: "nobody") { id } }');
    expect(unknown.status).toBe(200);
    expect(unknown.data).toBeNull();
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Client not found: externalId "nobody"',
      extensions: { code: 'NOT_FOUND' },
    });
    const tx = await s.gql('{ transaction(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(tx.errors?.[0]?.message).toMatch(/Transaction not found/);
  });

  it('adds and updates matters under a client', async () => {
    const clientId = await newClient(s);
    const added = await ok(
      s,
      `mutation { addMatter(input: { clientId: "${clientId}", name: "Estate", externalId: "m-1" }) {
         id name externalId client { id } } }`,
    );
    expect(added.addMatter).toMatchObject({
      name: 'Estate',
      externalId: 'm-1',
      client: { id: clientId },
    });
    const updated = await ok(
      s,
      `mutation { updateMatter(input: { id: "${added.addMatter?.id}", name: "Estate 2" }) { name } }`,
    );
    expect(updated.updateMatter).toEqual({ name: 'Estate 2' });
    const found = await ok(s, '{ matter(externalId: "m-1") { name } }');
    expect(found.matter).toEqual({ name: 'Estate 2' });
    const orphan = await s.gql(
      'mutation { addMatter(input: { clientId: "nope", name: "X" }) { id } }',
    );
    expect(orphan.errors?.[0]?.message).toMatch(/Client not found/);
  });

  it('keeps firms apart', async () => {
    const other = s.sim.createFirm({ name: 'Other' });
    const clientId = await newClient(s, 'Mine', 'shared-ext');
    const foreign = await s.gql(`{ client(id: "${clientId}") { id } }`, undefined, other.apiKey);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const byExt = await s.gql(
      '{ client(externalId: "shared-ext") { id } }',
      undefined,
      other.apiKey,
    );
    expect(byExt.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mine = (await bankAccounts(s)).map((a) => a.id);
    const theirs = (await bankAccounts(s, other.apiKey)).map((a) => a.id);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    const link = await s.gql(
      `mutation { addPaymentLink(input: { clientId: "${clientId}", operating: 100 }) { id } }`,
      undefined,
      other.apiKey,
    );
    expect(link.errors?.[0]?.message).toMatch(/Client not found/);
  });
});

describe('webhook URLs', () => {
  it('creates, lists and updates webhook URLs, including disabled', async () => {
    const created = await ok(
      s,
      `mutation { webhookUrlCreate(input: { url: "https://example.test/hook", enabledWebhooks: ["transaction.created"], secret: "s3cret" }) {
         id url secret enabledWebhooks disabled advancedSettings { removeUserAgentHeader } } }`,
    );
    expect(created.webhookUrlCreate).toMatchObject({
      url: 'https://example.test/hook',
      secret: 's3cret',
      enabledWebhooks: ['transaction.created'],
      disabled: false,
      advancedSettings: { removeUserAgentHeader: false },
    });
    const id = created.webhookUrlCreate?.id;
    const updated = await ok(
      s,
      `mutation { webhookUrlUpdate(input: { id: "${id}", disabled: true, enabledWebhooks: ["transaction.deposited"] }) {
         disabled enabledWebhooks secret } }`,
    );
    expect(updated.webhookUrlUpdate).toEqual({
      disabled: true,
      enabledWebhooks: ['transaction.deposited'],
      secret: 's3cret',
    });
    const list = await ok(s, '{ webhookUrlsList { total webhookUrls { id disabled } } }');
    expect(list.webhookUrlsList).toEqual({ total: 1, webhookUrls: [{ id, disabled: true }] });
    const generated = await ok(
      s,
      'mutation { webhookUrlCreate(input: { url: "http://127.0.0.1:9/x", enabledWebhooks: [] }) { secret } }',
    );
    expect(String(generated.webhookUrlCreate?.secret)).toMatch(/^[0-9a-f]{64}$/);
    const bad = await s.gql(
      'mutation { webhookUrlCreate(input: { url: "ftp://x", enabledWebhooks: [] }) { id } }',
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
