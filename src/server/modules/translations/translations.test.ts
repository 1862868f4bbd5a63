import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const MASTER = '/api/master/v1';

describeEachDatabase('master translations', (server) => {
  let platform: string;
  let admin: string;
  beforeAll(async () => {
    platform = await signIn(server(), ACCOUNTS.platform, null);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
  });
  const send = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    call(server(), method, `${MASTER}${path}`, { token: platform, ...(body === undefined ? {} : { body }) });
  const acmeLabel = async (code: string, lang: string) => {
    // The labels every company screen is drawn with (the same cache as the initial data's).
    const answer = await call(server(), 'GET', `/api/company/v1/auth/login/labels/${lang}`, {
      subdomain: 'acme',
    });
    return (answer.json().labels as Array<{ code: string; content: string }>).find(
      (label) => label.code === code,
    )?.content;
  };

  it('lists labels by section and page with every translation', async () => {
    const sections = (await send('GET', '/labels/sections')).json().data as Array<{
      section: string;
      pages: string[];
    }>;
    expect(sections.find((entry) => entry.section === 'levels')?.pages).toContain('kind');
    const page = (await send('GET', '/labels?section=levels&label_page=kind')).json();
    expect(page.data.map((label: { code: string }) => label.code)).toContain('levels.kind.site');
    expect(
      page.data.every(
        (label: { code: string }) => label.code === 'levels.kind' || label.code.startsWith('levels.kind.'),
      ),
    ).toBe(true);
    expect(page.data[0].translations).toMatchObject({ en: expect.any(String), fr: expect.any(String) });
  });

  it('a label changed here shows in the company app’s labels at once, without a restart', async () => {
    const [label] = (await send('GET', '/labels?query=levels.title')).json().data as Array<{
      id: number;
      code: string;
    }>;
    expect(label!.code).toBe('levels.title');
    expect(await acmeLabel('levels.title', 'fr')).toBe('Niveaux');
    const saved = await send('PUT', `/labels/${label!.id}`, { translations: { fr: 'Étages et sites' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await acmeLabel('levels.title', 'fr')).toBe('Étages et sites');
    // An emptied translation falls back to English.
    await send('PUT', `/labels/${label!.id}`, { translations: { fr: '' } });
    expect(await acmeLabel('levels.title', 'fr')).toBe('Levels');
    expect((await send('GET', `/labels?missing=fr&query=levels.title`)).json().data).toHaveLength(1);
    await send('PUT', `/labels/${label!.id}`, { translations: { fr: 'Niveaux' } });
  });

  it('round-trips a language through the i18next JSON file', async () => {
    const exported = await send('GET', '/sync-translations/export?language_code=de');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('translations-de.json');
    const file = exported.json() as Record<string, string>;
    expect(file['levels.title']).toBe('Ebenen');

    const unchanged = (
      await send('POST', '/sync-translations/import', { language_code: 'de', labels: file })
    ).json();
    expect(unchanged).toMatchObject({ updated: 0, added: 0, unknown: [] });
    expect(unchanged.unchanged).toBe(Object.keys(file).length);

    const edited = { ...file, 'levels.title': 'Stockwerke', 'no.such.label': 'x' };
    const result = (
      await send('POST', '/sync-translations/import', { language_code: 'de', labels: edited })
    ).json();
    expect(result).toMatchObject({ updated: 1, added: 0, unknown: ['no.such.label'] });
    expect(await acmeLabel('levels.title', 'de')).toBe('Stockwerke');
    const again = (await send('GET', '/sync-translations/export?language_code=de')).json();
    expect(again).toEqual({ ...file, 'levels.title': 'Stockwerke' });
    await send('POST', '/sync-translations/import', { language_code: 'de', labels: file });
  });

  it('adds a label, and answers 422 with field errors for bad input', async () => {
    const added = await send('POST', '/labels', {
      code: 'help.extra.note',
      translations: { en: 'Note', fr: 'Remarque' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      expectErrorShape(
        await send('POST', '/labels', { code: 'help.extra.note', translations: { en: 'x' } }),
        422,
      ).errors,
    ).toEqual({
      code: ['This code is already used.'],
    });
    expect(
      expectErrorShape(await send('POST', '/labels', { code: 'Bad Code', translations: { fr: 'x' } }), 422)
        .errors,
    ).toEqual({
      code: ['Use lower-case words joined by dots, such as levels.title.'],
    });
    expect(
      expectErrorShape(await send('POST', '/labels', { code: 'a.b', translations: { fr: 'x' } }), 422).errors,
    ).toEqual({
      'translations.en': ['This field is required.'],
    });
    expect(
      expectErrorShape(
        await send('POST', '/sync-translations/import', { language_code: 'xx', labels: {} }),
        422,
      ).errors,
    ).toEqual({ language_code: ['Language code is not valid.'] });
  });

  it('refuses a company token', async () => {
    expectErrorShape(await call(server(), 'GET', `${MASTER}/labels`, { token: admin }), 403);
    expectErrorShape(
      await call(server(), 'POST', `${MASTER}/sync-translations/import`, {
        token: admin,
        body: { language_code: 'de', labels: {} },
      }),
      403,
    );
  });
});
