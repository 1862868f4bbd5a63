import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { call } from '../../../../test/support/server-factories';
import {
  documentPaths,
  type CompanyDocument,
  type SaveDocumentBody,
} from '../../../shared/contract/company-documents';

/** A one-page PDF made for the test, as base64. */
export async function pdfBase64(): Promise<string> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Policy', { x: 20, y: 100 });
  return Buffer.from(await document.save()).toString('base64');
}

/** A document body: published an hour ago for `applications`, in English (and French when asked). */
export function documentBody(name: string, applications: number[], extra: Partial<SaveDocumentBody> = {}) {
  return {
    translations: [{ language_code: 'en', name, content: `<p>${name}: be kind to the desks.</p>` }],
    application_ids: applications,
    publish_date: new Date(Date.now() - 3_600_000).toISOString(),
    ...extra,
  } satisfies SaveDocumentBody;
}

/** A document made through the API by an administrator of `subdomain`. */
export async function givenDocument(
  server: TestServer,
  admin: string,
  body: SaveDocumentBody,
  subdomain = 'acme',
): Promise<CompanyDocument> {
  const response = await call(server, 'POST', documentPaths.list, { subdomain, token: admin, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CompanyDocument>();
}
