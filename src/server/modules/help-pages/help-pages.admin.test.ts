import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const PATH = '/api/master/v1/help-pages';

describeEachDatabase('master help pages', (server) => {
  let platform: string;
  let employee: string;
  beforeAll(async () => {
    platform = await signIn(server(), ACCOUNTS.platform, null);
    employee = await signIn(server(), ACCOUNTS.employee, 'acme');
  });
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    call(server(), method, path, { token: platform, ...(body === undefined ? {} : { body }) });

  it('adds a page per language, sanitised, and the help child of that screen shows it in the user’s language', async () => {
    const created = await send('POST', PATH, {
      path: '/Resource-Types',
      translations: [
        { language_code: 'en', title: 'Levels', html: '<p>Sites, buildings, floors.</p>' },
        {
          language_code: 'fr',
          title: 'Niveaux',
          html: '<p onclick="alert(1)">Sites et étages.</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)">',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json();
    expect(page.path).toBe('/resource-types');
    expect(page.translations).toContainEqual({
      language_code: 'fr',
      title: 'Niveaux',
      html: '<p>Sites et étages.</p><img src="/a.png">',
    });
    const french = await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/resource-types&lang=fr', {
      subdomain: 'acme',
      token: employee,
    });
    expect(french.json()).toMatchObject({
      title: 'Niveaux',
      html: '<p>Sites et étages.</p><img src="/a.png">',
    });

    const edited = await send('PUT', `${PATH}/${page.id}`, {
      path: '/resource-types',
      translations: [{ language_code: 'en', title: 'Levels', html: '<p>Changed</p>' }],
    });
    expect(edited.json().translations).toHaveLength(1);
    const list = (await send('GET', `${PATH}?query=resource-types`)).json();
    expect(list.data).toContainEqual({ id: page.id, path: '/resource-types', title: 'Levels', languages: ['en'] });
    expect((await send('DELETE', `${PATH}/${page.id}`)).statusCode).toBe(200);
    expectErrorShape(await send('GET', `${PATH}/${page.id}`), 404);
  });

  it('answers 422 with field errors: a path taken, a bad path, an unknown language, no title', async () => {
    const taken = expectErrorShape(
      await send('POST', PATH, {
        path: '/home',
        translations: [{ language_code: 'en', title: 'x', html: '' }],
      }),
      422,
    );
    expect(taken.errors).toEqual({ path: ['Another help page has this path.'] });
    const bad = expectErrorShape(
      await send('POST', PATH, {
        path: 'levels?x',
        translations: [{ language_code: 'zz', title: ' ', html: '' }],
      }),
      422,
    );
    expect(bad.errors).toMatchObject({
      path: ['Use a screen path such as /levels or /level/edit.'],
      'translations.0.title': ['This field is required.'],
    });
    const unknown = expectErrorShape(
      await send('POST', PATH, {
        path: '/new',
        translations: [{ language_code: 'zz', title: 'T', html: '' }],
      }),
      422,
    );
    expect(unknown.errors).toEqual({ 'translations.0.language_code': ['Language code is not valid.'] });
  });

  it('keeps the help stylesheet, refusing one that would leave help content', async () => {
    const saved = await send('PUT', '/api/master/v1/help-css/1', { css: 'h2 { color: rebeccapurple }' });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call(server(), 'GET', '/api/company/v1/help-pages/css', { subdomain: 'acme' });
    expect(read.json()).toEqual({ css: 'h2 { color: rebeccapurple }' });
    const refused = expectErrorShape(
      await send('PUT', '/api/master/v1/help-css/1', { css: '} body { display: none' }),
      422,
    );
    expect(refused.errors).toEqual({ css: ['The braces { } do not match.'] });
    expect((await send('GET', '/api/master/v1/help-css/1')).json().css).toBe('h2 { color: rebeccapurple }');
  });

  it('refuses a company token on the master help calls', async () => {
    expectErrorShape(await call(server(), 'GET', PATH, { token: employee }), 403);
    expectErrorShape(
      await call(server(), 'PUT', '/api/master/v1/help-css/1', { token: employee, body: { css: '' } }),
      403,
    );
  });
});
