-- spec §4 realtime 'grid changed': whatever gives a company a new plan stamp (0013: its levels, their
-- zones and hours, resources, weekly windows, closures, date capacities, resource roles) changes
-- the rows and the open hours an open booking grid shows. The stamp's trigger now also notifies
-- 'plan_changed' with the company and the schema (a PostgreSQL server may hold other schemas whose
-- notices reach the same listeners). NOTIFY folds identical payloads of one transaction into one,
-- so a change of a thousand resources at once is one notice.
create or replace function bump_plan_version() returns trigger language plpgsql as $$
declare
  changed_company integer;
begin
  if tg_op = 'DELETE' then
    changed_company := old.company_id;
  else
    changed_company := new.company_id;
  end if;
  insert into company_plan_versions as v (company_id, version)
  values (changed_company, nextval('plan_version_seq'))
  on conflict (company_id) do update set version = excluded.version;
  perform pg_notify('plan_changed',
    json_build_object('company_id', changed_company, 'schema', current_schema())::text);
  return null;
end
$$;
