import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEntra, type FakeEntra } from '../../../test/support/fake-entra';
import { EntraRefusal, EntraVerifier } from './entra-id';

const CLIENT_ID = '6f1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

describe('EntraVerifier', () => {
  let entra: FakeEntra;
  beforeAll(async () => {
    entra = await startFakeEntra({ clientId: CLIENT_ID, email: 'person@acme.test' });
  });
  afterAll(async () => entra?.close());

  const keyRequests = () =>
    entra.http.requests.filter((request) => request.url.pathname.endsWith('/keys')).length;

  it('reads the tenant’s keys once, and again at once when a token names a key Microsoft has just rolled', async () => {
    const verifier = new EntraVerifier({ allowPrivate: true });
    const identity = await verifier.verify(await entra.token(), entra.tenantId, entra.authority, CLIENT_ID);
    expect(identity.email).toBe('person@acme.test');
    await verifier.verify(await entra.token(), entra.tenantId, entra.authority, CLIENT_ID);
    const before = keyRequests();
    await entra.rollKeys();
    await verifier.verify(await entra.token(), entra.tenantId, entra.authority, CLIENT_ID);
    expect(keyRequests()).toBe(before + 1);
  });

  it('does not read the keys again for every token naming an unknown key', async () => {
    const verifier = new EntraVerifier({ allowPrivate: true });
    await verifier.verify(await entra.token(), entra.tenantId, entra.authority, CLIENT_ID);
    const before = keyRequests();
    for (let i = 0; i < 3; i++)
      await expect(
        verifier.verify(await entra.token({ strangerKey: true }), entra.tenantId, entra.authority, CLIENT_ID),
      ).rejects.toMatchObject({ reason: 'signature' });
    expect(keyRequests()).toBe(before + 1);
  });

  it('refuses to fetch keys from the server’s own network unless connectors may reach it', async () => {
    const verifier = new EntraVerifier({ allowPrivate: false });
    const failure = await verifier
      .verify(await entra.token(), entra.tenantId, entra.authority, CLIENT_ID)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EntraRefusal);
    expect((failure as EntraRefusal).reason).toBe('keys-unavailable');
  });
});
