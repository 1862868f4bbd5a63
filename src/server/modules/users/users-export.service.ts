import { IMPORT_COLUMNS, type UserListFilters } from '../../../shared/contract/users';
import type { ServiceContext } from '../../context';
import { csvDocument } from '../../http/csv-cells';
import type { ReferenceData } from '../../reference';
import { listUsers } from './users.service';

/** An export never grows without bound; a company larger than this filters first. */
export const MAX_EXPORT_USERS = 10_000;
const PAGE = 200;

/**
 * GET users/export: the list's users (same filters) as CSV in the import's columns, so an exported
 * file can be edited and imported into another company. Cells are neutralised (csv-cells.ts).
 */
export async function exportUsersCsv(
  ctx: ServiceContext,
  reference: ReferenceData,
  filters: UserListFilters,
): Promise<string> {
  const lists = await reference.referenceLists();
  const languageCode = new Map(lists.languages.map((language) => [language.id, language.code]));
  const countryCode = new Map(lists.countries.map((country) => [country.id, country.code]));
  const rows: string[][] = [];
  for (let page = 1; rows.length < MAX_EXPORT_USERS; page += 1) {
    const { data, meta } = await listUsers(ctx, { ...filters, page, per_page: PAGE });
    for (const user of data)
      rows.push([
        user.email,
        user.first_name,
        user.last_name,
        languageCode.get(user.language_id) ?? '',
        user.timezone,
        user.country_id === null ? '' : (countryCode.get(user.country_id) ?? ''),
        user.is_visitor ? '1' : '0',
        user.sso ? '1' : '0',
        user.user_containers.map((container) => container.name).join('|'),
      ]);
    if (page >= meta.last_page) break;
  }
  return csvDocument(IMPORT_COLUMNS, rows);
}
