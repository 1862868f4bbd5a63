import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What a duplicate takes over from its original, each table copied with one insert … select:
 * attributes, functions with their linked and distance resources, availabilities, date capacities,
 * the roles that may book it and its services. Not copied: names (the copy has its own), the
 * position on the plan, the picture, unavailabilities (dated events of the original), favourites,
 * bookings and the QR code.
 */
export async function copyResourceSettings(
  tx: Kysely<Database>,
  companyId: number,
  fromId: number,
  toId: number,
): Promise<void> {
  const copies = [
    sql`insert into resource_resource_attributes (company_id, resource_id, resource_attribute_id)
      select company_id, ${toId}, resource_attribute_id from resource_resource_attributes
      where company_id = ${companyId} and resource_id = ${fromId}`,
    sql`insert into resource_functions
        (company_id, resource_id, function_key, active, language_id, device_template_id, currency_id, price_cents)
      select company_id, ${toId}, function_key, active, language_id, device_template_id, currency_id, price_cents
      from resource_functions where company_id = ${companyId} and resource_id = ${fromId}`,
    sql`insert into resource_function_resources (company_id, resource_id, function_key, other_resource_id)
      select company_id, ${toId}, function_key, other_resource_id from resource_function_resources
      where company_id = ${companyId} and resource_id = ${fromId} and other_resource_id <> ${toId}`,
    sql`insert into resource_availabilities
        (company_id, resource_id, weekdays, time_from, time_to, date_from, date_to)
      select company_id, ${toId}, weekdays, time_from, time_to, date_from, date_to
      from resource_availabilities where company_id = ${companyId} and resource_id = ${fromId}
      order by id`,
    sql`insert into resource_date_capacities (company_id, resource_id, date_from, date_to, capacity)
      select company_id, ${toId}, date_from, date_to, capacity from resource_date_capacities
      where company_id = ${companyId} and resource_id = ${fromId} order by id`,
    sql`insert into resource_roles (company_id, resource_id, role_id)
      select company_id, ${toId}, role_id from resource_roles
      where company_id = ${companyId} and resource_id = ${fromId}`,
    sql`insert into resource_service_types (company_id, resource_id, service_type_id)
      select company_id, ${toId}, service_type_id from resource_service_types
      where company_id = ${companyId} and resource_id = ${fromId}`,
  ];
  for (const statement of copies) await statement.execute(tx);
}
