import type { Kysely } from 'kysely';
import type { UpdateCompanyProfileBody } from '../../../shared/contract/company-profile';
import type { Database } from '../../db/schema';

const COLUMNS = ['id', 'name', 'subdomain', 'country_id', 'language_id', 'currency_id', 'timezone'] as const;

export function findCompanyProfile(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('companies').select(COLUMNS).where('id', '=', companyId).executeTakeFirst();
}

export function updateCompanyProfileRow(
  db: Kysely<Database>,
  companyId: number,
  change: UpdateCompanyProfileBody,
) {
  // Nothing to change: the profile as it is (an UPDATE without a SET is no statement).
  if (Object.values(change).every((value) => value === undefined)) return findCompanyProfile(db, companyId);
  return db
    .updateTable('companies')
    .set(change)
    .where('id', '=', companyId)
    .returning(COLUMNS)
    .executeTakeFirst();
}
