import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { acceptedByUserPath, APPLICATION_IDS } from '../../../shared/contract/applications';
import {
  documentPaths,
  NEEDS_CONTENT,
  PDF_NOT_A_PDF,
  PDF_TOO_LARGE,
  type CompanyDocument,
  type DocumentAcceptances,
  type DocumentList,
  type ReadableDocumentList,
} from '../../../shared/contract/company-documents';
import { documentBody, givenDocument, pdfBase64 } from './company-documents.fixtures';

const PLAN = APPLICATION_IDS.plan;

describeEachDatabase('company documents', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  const as =
    (token: () => string, subdomain = 'acme') =>
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      call(server(), method, url, { subdomain, token: token(), ...(body === undefined ? {} : { body }) });
  const asAdmin = as(() => admin);
  const asEmployee = as(() => employee);
  const asGlobex = as(() => globex, 'globex');
  const countDocuments = async () =>
    (await server().db.kysely.selectFrom('company_documents').select('id').execute()).length;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  describe('spec §6 document guard: accepting the current version', () => {
    it('asks for a published plan document, stops asking once accepted, and asks again for a new version', async () => {
      const document = await givenDocument(server(), admin, documentBody('Plan usage policy', [PLAN]));
      expect(document).toMatchObject({ version: 1, application_ids: [PLAN], pdf_name: null });

      expect((await asEmployee('GET', acceptedByUserPath(PLAN))).json()).toMatchObject({
        accepted: false,
        unaccepted_document_ids: [document.id],
      });
      const pending = (await asEmployee('GET', documentPaths.unaccepted(PLAN))).json<ReadableDocumentList>();
      expect(pending.data).toEqual([
        expect.objectContaining({
          id: document.id,
          version: 1,
          name: 'Plan usage policy',
          accepted_at: null,
        }),
      ]);

      const accepted = await asEmployee('POST', documentPaths.accept, {
        documents: [{ id: document.id, version: 1 }],
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await asEmployee('GET', acceptedByUserPath(PLAN))).json().accepted).toBe(true);
      expect((await asEmployee('GET', documentPaths.unaccepted(PLAN))).json().data).toEqual([]);

      const next = await asAdmin('PUT', documentPaths.one(document.id), {
        ...documentBody('Plan usage policy', [PLAN]),
        new_version: true,
      });
      expect(next.json<CompanyDocument>().version).toBe(2);
      expect((await asEmployee('GET', acceptedByUserPath(PLAN))).json().accepted).toBe(false);

      // The version read must be the current one: accepting version 1 again does not count.
      const stale = expectErrorShape(
        await asEmployee('POST', documentPaths.accept, { documents: [{ id: document.id, version: 1 }] }),
        422,
      );
      expect(Object.keys(stale.errors!)).toEqual(['documents.0.version']);
      await asEmployee('POST', documentPaths.accept, { documents: [{ id: document.id, version: 2 }] });
      expect((await asEmployee('GET', acceptedByUserPath(PLAN))).json().accepted).toBe(true);

      const report = (
        await asAdmin('GET', documentPaths.acceptances(document.id))
      ).json<DocumentAcceptances>();
      expect(report.version).toBe(2);
      const emil = report.people.find((person) => person.email === ACCOUNTS.employee)!;
      expect(emil.accepted_at).not.toBeNull();
      expect(report.people.find((person) => person.email === ACCOUNTS.acmeAdmin)!.accepted_at).toBeNull();
      // earlier acceptances stay recorded: who, which version, when
      expect(report.history.filter((row) => row.user_id === emil.user_id).map((row) => row.version)).toEqual([
        2, 1,
      ]);
    });

    it('does not ask before the publish date, nor for another application', async () => {
      await givenDocument(
        server(),
        admin,
        documentBody('Future bookings policy', [APPLICATION_IDS.bookings], {
          publish_date: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      );
      expect((await asEmployee('GET', acceptedByUserPath(APPLICATION_IDS.bookings))).json().accepted).toBe(
        true,
      );
      expect((await asEmployee('GET', acceptedByUserPath(APPLICATION_IDS.maps))).json().accepted).toBe(true);
    });
  });

  describe('GET /api/company/v1/company-documents', () => {
    it('searches by name in any language and filters by application and state', async () => {
      await givenDocument(
        server(),
        admin,
        documentBody('Visitor house rules', [APPLICATION_IDS.visitor], {
          translations: [
            { language_code: 'en', name: 'Visitor house rules', content: '<p>Rules</p>' },
            { language_code: 'de', name: 'Hausordnung für Besucher', content: '<p>Regeln</p>' },
          ],
        }),
      );
      const names = async (query: string) =>
        (await asAdmin('GET', `${documentPaths.list}?${query}`))
          .json<DocumentList>()
          .data.map((row) => row.name);
      expect(await names('query=hausordnung')).toEqual(['Visitor house rules']);
      expect(await names(`application_id=${APPLICATION_IDS.visitor}`)).toEqual(['Visitor house rules']);
      expect(await names('query=%25')).toEqual([]);
      expect(await names('state=scheduled')).not.toContain('Visitor house rules');
      const list = (await asAdmin('GET', documentPaths.list)).json<DocumentList>();
      expect(list.meta.total).toBe(list.data.length);
      expect(list.data[0]!.people_count).toBeGreaterThan(1);
    });
  });

  describe('validation (spec §8 error shape, nothing changed)', () => {
    it('answers 422 with field errors for a missing name, an unknown application or language, no content', async () => {
      const before = await countDocuments();
      const missing = expectErrorShape(
        await asAdmin('POST', documentPaths.list, {
          ...documentBody('x', [PLAN]),
          translations: [{ language_code: 'en', name: ' ', content: '<p>x</p>' }],
        }),
        422,
      );
      expect(missing.errors).toEqual({ 'translations.0.name': ['This field is required.'] });
      expect(
        expectErrorShape(await asAdmin('POST', documentPaths.list, documentBody('x', [9])), 422).errors,
      ).toEqual({ 'application_ids.0': ['Application is not valid.'] });
      expect(
        expectErrorShape(
          await asAdmin('POST', documentPaths.list, {
            ...documentBody('x', [PLAN]),
            translations: [{ language_code: 'xx', name: 'x', content: '<p>x</p>' }],
          }),
          422,
        ).errors,
      ).toEqual({ 'translations.0.language_code': ['Language code is not valid.'] });
      expect(
        expectErrorShape(
          await asAdmin('POST', documentPaths.list, {
            ...documentBody('x', [PLAN]),
            translations: [{ language_code: 'en', name: 'x', content: '<script>alert(1)</script>' }],
          }),
          422,
        ).errors,
      ).toEqual({ content: [NEEDS_CONTENT] });
      expect(await countDocuments()).toBe(before);
    });

    it('checks an attached PDF by its content and size', async () => {
      const before = await countDocuments();
      const withPdf = (content_base64: string) =>
        asAdmin('POST', documentPaths.list, {
          ...documentBody('With PDF', [PLAN]),
          pdf: { file_name: 'policy.pdf', content_base64 },
        });
      const notPdf = Buffer.from('<html>not a pdf</html>').toString('base64');
      expect(expectErrorShape(await withPdf(notPdf), 422).errors).toEqual({ pdf: [PDF_NOT_A_PDF] });
      const brokenPdf = Buffer.from('%PDF-1.7\nthis is no document').toString('base64');
      expect(expectErrorShape(await withPdf(brokenPdf), 422).errors).toEqual({ pdf: [PDF_NOT_A_PDF] });
      const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 32);
      huge.write('%PDF-1.7');
      expect(expectErrorShape(await withPdf(huge.toString('base64')), 422).errors).toEqual({
        'pdf.content_base64': [PDF_TOO_LARGE],
      });
      expect(await countDocuments()).toBe(before);

      const saved = await withPdf(await pdfBase64());
      expect(saved.statusCode, saved.body).toBe(201);
      const document = saved.json<CompanyDocument>();
      expect(document.pdf_name).toBe('policy.pdf');
      const pdf = await asEmployee('GET', documentPaths.pdf(document.id));
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // null removes the file, leaving the text
      const removed = await asAdmin('PUT', documentPaths.one(document.id), {
        ...documentBody('With PDF', [PLAN]),
        pdf: null,
      });
      expect(removed.json<CompanyDocument>().pdf_name).toBeNull();
      expectErrorShape(await asEmployee('GET', documentPaths.pdf(document.id)), 404);
    });
  });

  describe('content is sanitised on the server', () => {
    it.each([
      ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
      ['<p onclick="alert(1)">ok</p>', '<p>ok</p>'],
      ['<img src=x onerror=alert(1)><p>ok</p>', '<img><p>ok</p>'],
      ['<a href="javascript:alert(1)">ok</a>', '<a>ok</a>'],
      ['<a href="JaVaScRiPt&colon;alert(1)">ok</a>', '<a>ok</a>'],
      ['<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
      ['<svg onload=alert(1)><p>ok</p></svg><p>ok</p>', '<p>ok</p>'],
      ['<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
      ['<form action="javascript:alert(1)"><button>ok</button></form><p>ok</p>', 'ok<p>ok</p>'],
    ])('keeps no script, handler or javascript: URL of %s', async (content, kept) => {
      const document = await givenDocument(
        server(),
        admin,
        documentBody('Sanitised', [APPLICATION_IDS.hub], {
          translations: [{ language_code: 'en', name: 'Sanitised', content }],
        }),
      );
      const stored = (await asAdmin('GET', documentPaths.one(document.id))).json<CompanyDocument>();
      expect(stored.translations[0]!.content).toBe(kept);
      expect(stored.translations[0]!.content).not.toMatch(/script|onerror|onclick|onload|javascript:/i);
      await asAdmin('DELETE', documentPaths.one(document.id));
    });
  });

  describe('acceptances export and reminders', () => {
    it('exports who accepted as CSV with formula cells neutralised', async () => {
      const db = server().db.kysely;
      await db
        .updateTable('users')
        .set({ first_name: '=HYPERLINK("http://evil.test")' })
        .where('email', '=', ACCOUNTS.teammate)
        .execute();
      const document = await givenDocument(
        server(),
        admin,
        documentBody('Export me', [APPLICATION_IDS.oneClick]),
      );
      const csv = await asAdmin('GET', documentPaths.export(document.id));
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.startsWith('\uFEFFname,email,version,accepted,accepted_at')).toBe(true);
      expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"")`);
      expect(csv.body).not.toMatch(/^"?=/m);
    });

    it('reminds by mail everyone who has not accepted the current version', async () => {
      const document = await givenDocument(
        server(),
        admin,
        documentBody('Remind me', [APPLICATION_IDS.realTime]),
      );
      await asEmployee('POST', documentPaths.accept, { documents: [{ id: document.id, version: 1 }] });
      const answer = await asAdmin('POST', documentPaths.remind(document.id));
      expect(answer.statusCode, answer.body).toBe(200);
      const report = (
        await asAdmin('GET', documentPaths.acceptances(document.id))
      ).json<DocumentAcceptances>();
      expect(answer.json().reminded).toBe(report.people.filter((person) => !person.accepted_at).length);
      const mails = await server()
        .db.kysely.selectFrom('outbox')
        .select(['to_address', 'subject', 'text_body'])
        .where('subject', 'like', '%Remind me%')
        .execute();
      expect(mails.map((mail) => mail.to_address)).toContain(ACCOUNTS.acmeAdmin);
      expect(mails.map((mail) => mail.to_address)).not.toContain(ACCOUNTS.employee);
      expect((await asAdmin('GET', documentPaths.one(document.id))).json().reminded_at).not.toBeNull();
    });
  });

  describe('who may do what', () => {
    it('refuses the administrators’ routes to a user without DOCUMENTS (403)', async () => {
      const document = await givenDocument(
        server(),
        admin,
        documentBody('Admins only', [APPLICATION_IDS.hub]),
      );
      for (const [method, url, body] of [
        ['GET', documentPaths.list, undefined],
        ['GET', documentPaths.one(document.id), undefined],
        ['POST', documentPaths.list, documentBody('Mine', [PLAN])],
        ['PUT', documentPaths.one(document.id), documentBody('Mine', [PLAN])],
        ['DELETE', documentPaths.one(document.id), undefined],
        ['GET', documentPaths.acceptances(document.id), undefined],
        ['GET', documentPaths.export(document.id), undefined],
        ['POST', documentPaths.remind(document.id), undefined],
      ] as const)
        expectErrorShape(await asEmployee(method, url, body), 403);
      expect((await asAdmin('GET', documentPaths.one(document.id))).statusCode).toBe(200);
    });

    it('answers 404 for another company’s document, and never shows it to its readers', async () => {
      const document = await givenDocument(server(), admin, {
        ...documentBody('Acme secret', [PLAN]),
        pdf: { file_name: 'secret.pdf', content_base64: await pdfBase64() },
      });
      for (const [method, url, body] of [
        ['GET', documentPaths.one(document.id), undefined],
        ['PUT', documentPaths.one(document.id), documentBody('Taken', [PLAN])],
        ['DELETE', documentPaths.one(document.id), undefined],
        ['GET', documentPaths.acceptances(document.id), undefined],
        ['GET', documentPaths.export(document.id), undefined],
        ['POST', documentPaths.remind(document.id), undefined],
        ['GET', documentPaths.pdf(document.id), undefined],
      ] as const)
        expectErrorShape(await asGlobex(method, url, body), 404);
      expect(
        expectErrorShape(
          await asGlobex('POST', documentPaths.accept, { documents: [{ id: document.id, version: 1 }] }),
          422,
        ).errors,
      ).toEqual({ 'documents.0.id': ['Document is not valid.'] });
      const readable = (await asGlobex('GET', documentPaths.readable)).json<ReadableDocumentList>();
      expect(readable.data.map((row) => row.name)).not.toContain('Acme secret');
      expect((await asGlobex('GET', documentPaths.unaccepted(PLAN))).json().data).toEqual([]);
      expect((await asAdmin('GET', documentPaths.one(document.id))).json().translations[0].name).toBe(
        'Acme secret',
      );
    });
  });

  describe('GET /api/company/v1/company-documents/readable (help and documents)', () => {
    it('lists the published documents in the reader’s language, searchable by name and text', async () => {
      await givenDocument(
        server(),
        admin,
        documentBody('Parking', [APPLICATION_IDS.hub], {
          translations: [
            { language_code: 'en', name: 'Parking', content: '<p>Park in bay 12.</p>' },
            { language_code: 'fr', name: 'Stationnement', content: '<p>Garez-vous en place 12.</p>' },
          ],
        }),
      );
      const found = (
        await asEmployee('GET', `${documentPaths.readable}?query=bay%2012`)
      ).json<ReadableDocumentList>();
      expect(found.data.map((row) => row.name)).toEqual(['Parking']);
      expect(found.data.map((row) => row.name)).not.toContain('Future bookings policy');
    });
  });
});
