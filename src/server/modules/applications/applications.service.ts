import type {
  AcceptedByUserResponse,
  Application,
  ApplicationVersion,
} from '../../../shared/contract/applications';
import type { ServiceContext } from '../../context';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import {
  allApplications,
  applicationById,
  insertVersion,
  unacceptedDocumentIds,
  versionsOf,
} from './applications.queries';

// Applications and their versions are the provider's catalogue, the same for every company.

export const listApplications = (db: Kysely<Database>): Promise<Application[]> => allApplications(db);

export async function getApplication(db: Kysely<Database>, id: number): Promise<Application> {
  const application = await applicationById(db, id);
  if (!application) throw notFound('Application not found.');
  return application;
}

export async function listVersions(db: Kysely<Database>, id: number): Promise<ApplicationVersion[]> {
  await getApplication(db, id);
  return (await versionsOf(db, id)).map(toVersion);
}

export async function addVersion(
  db: Kysely<Database>,
  id: number,
  body: { version: string; notes: string },
): Promise<ApplicationVersion> {
  await getApplication(db, id);
  const row = await insertVersion(db, id, body.version, body.notes);
  if (!row) throw conflict(`Version ${body.version} already exists for this application.`);
  return toVersion(row);
}

/** spec §6 document guard: accepted when no published document of the application awaits the user. */
export async function acceptedByUser(
  ctx: ServiceContext,
  applicationId: number,
): Promise<AcceptedByUserResponse> {
  await getApplication(ctx.db, applicationId);
  const pending = await unacceptedDocumentIds(ctx.db, ctx.companyId, ctx.userId, applicationId);
  return { accepted: pending.length === 0, unaccepted_document_ids: pending };
}

function toVersion(row: {
  id: number;
  application_id: number;
  version: string;
  notes: string;
  released_at: Date;
}): ApplicationVersion {
  return { ...row, released_at: new Date(row.released_at).toISOString() };
}
