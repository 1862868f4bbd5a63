import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape, freshIp } from '../../../../test/support/server-factories';
import { APPLICATION_IDS } from '../../../shared/contract/applications';
import { VISITOR_MUST_ACCEPT, type DocumentAcceptances } from '../../../shared/contract/company-documents';
import type { ReceptionDesk } from '../../../shared/contract/reception-desks';
import type { KioskDesk, Visitor } from '../../../shared/contract/visitors';
import {
  caller,
  COMPANY,
  givenDesk,
  hoursFromNow,
  VISITORS,
  visitorActors,
  type VisitorActors,
} from '../visitors/visitors.fixtures';
import { documentBody, givenDocument } from './company-documents.fixtures';

const KIOSK = `${COMPANY}/reception-desk`;

describeEachDatabase('the kiosk’s visitor documents (spec §2 /reception-desk/{code})', (server) => {
  let actors: VisitorActors;
  let desk: ReceptionDesk;
  const asEmployee = caller(server, () => actors.employee);
  const asAdmin = caller(server, () => actors.admin);
  const kiosk = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(server(), method, url, { subdomain: 'acme', ip: freshIp(), ...(body ? { body } : {}) });

  beforeAll(async () => {
    actors = await visitorActors(server());
    desk = await givenDesk(server(), actors.admin, actors.en, 'Documents lobby', { language_id: actors.fr });
  });

  async function visitToday(email: string) {
    const response = await asEmployee('POST', VISITORS, {
      reception_desk_id: desk.id,
      first_name: 'Vera',
      last_name: 'Visitor',
      email,
      visit: hoursFromNow(0.25),
    });
    expect(response.statusCode, response.body).toBe(201);
    const visitor = response.json<Visitor>();
    const visit = await server()
      .db.kysely.selectFrom('visits')
      .select(['id', 'code', 'status'])
      .where('id', '=', visitor.visits[0]!.id)
      .executeTakeFirstOrThrow();
    return visit;
  }

  it('a visitor cannot check in before accepting the desk’s visitor documents; the acceptance is kept', async () => {
    const document = await givenDocument(
      server(),
      actors.admin,
      documentBody('House rules', [APPLICATION_IDS.visitor], {
        translations: [
          { language_code: 'en', name: 'House rules', content: '<p>Wear your badge.</p>' },
          { language_code: 'fr', name: 'Règlement intérieur', content: '<p>Portez votre badge.</p>' },
        ],
      }),
    );
    // the desk speaks French: the kiosk shows the French text
    const shown = (await kiosk('GET', `${KIOSK}/${desk.kiosk_code}`)).json<KioskDesk>();
    expect(shown.documents).toEqual([
      {
        id: document.id,
        version: 1,
        name: 'Règlement intérieur',
        content: '<p>Portez votre badge.</p>',
        has_pdf: false,
      },
    ]);

    const visit = await visitToday('vera@example.test');
    const refused = expectErrorShape(
      await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code: visit.code }),
      422,
    );
    expect(refused.errors).toEqual({ accepted_documents: [VISITOR_MUST_ACCEPT] });
    const typed = expectErrorShape(
      await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/check-in`, {
        first_name: 'Vera',
        last_name: 'Visitor',
        email: 'vera@example.test',
        accepted_documents: [{ id: document.id, version: 2 }],
      }),
      422,
    );
    expect(typed.errors).toEqual({ accepted_documents: [VISITOR_MUST_ACCEPT] });
    const still = await server()
      .db.kysely.selectFrom('visits')
      .select('status')
      .where('id', '=', visit.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('expected');

    const welcomed = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, {
      code: visit.code,
      accepted_documents: [{ id: document.id, version: 1 }],
    });
    expect(welcomed.statusCode, welcomed.body).toBe(200);
    const kept = await server()
      .db.kysely.selectFrom('visit_document_acceptances')
      .selectAll()
      .where('visit_id', '=', visit.id)
      .execute();
    expect(kept).toEqual([
      expect.objectContaining({ document_id: document.id, version: 1, accepted_at: expect.any(Date) }),
    ]);
    // reception sees it on the visit
    const atReception = await asAdmin('GET', `${COMPANY}/visits/${visit.id}/${desk.id}`);
    expect(atReception.json().documents_accepted_at).toEqual(expect.any(String));
    const report = (
      await asAdmin('GET', `${COMPANY}/company-documents/${document.id}/acceptances`)
    ).json<DocumentAcceptances>();
    expect(report.visitors).toEqual([
      expect.objectContaining({ visit_id: visit.id, name: 'Vera Visitor', version: 1 }),
    ]);
  });

  it('shows another company’s desk nothing, and a document of another application is not asked for', async () => {
    await givenDocument(
      server(),
      actors.globex,
      documentBody('Globex visitor rules', [APPLICATION_IDS.visitor]),
      'globex',
    );
    await givenDocument(server(), actors.admin, documentBody('Plan only', [APPLICATION_IDS.plan]));
    const names = (await kiosk('GET', `${KIOSK}/${desk.kiosk_code}`))
      .json<KioskDesk>()
      .documents.map((d) => d.name);
    expect(names).not.toContain('Globex visitor rules');
    expect(names).not.toContain('Plan only');
    expectErrorShape(
      await call(server(), 'GET', `${KIOSK}/${desk.kiosk_code}`, { subdomain: 'globex', ip: freshIp() }),
      404,
    );
  });
});
