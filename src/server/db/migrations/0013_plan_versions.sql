-- What the plan of a level reads besides the day's bookings (the levels with their zones and hours,
-- the resources, their weekly windows, closures, date capacities and roles) changes rarely but is
-- read on every plan view. The server keeps it in memory per company, level and date, stamped with
-- this version, and reads the stamp instead (in the statement that reads the day's bookings). As in
-- 0011, every change gives the company a new stamp from a sequence, never reused even by work that
-- rolled back. No foreign key: deleting a company cascades into the tables whose triggers write here.
create sequence plan_version_seq;

create table company_plan_versions (
  company_id integer primary key,
  version bigint not null
);

create function bump_plan_version() returns trigger language plpgsql as $$
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
  return null;
end
$$;

create trigger levels_plan_version after insert or update or delete on levels
  for each row execute function bump_plan_version();
create trigger resources_plan_version after insert or update or delete on resources
  for each row execute function bump_plan_version();
create trigger resource_availabilities_plan_version
  after insert or update or delete on resource_availabilities
  for each row execute function bump_plan_version();
create trigger resource_unavailabilities_plan_version
  after insert or update or delete on resource_unavailabilities
  for each row execute function bump_plan_version();
create trigger resource_date_capacities_plan_version
  after insert or update or delete on resource_date_capacities
  for each row execute function bump_plan_version();
create trigger resource_roles_plan_version after insert or update or delete on resource_roles
  for each row execute function bump_plan_version();

insert into company_plan_versions (company_id, version)
select c.id, nextval('plan_version_seq') from companies c;

-- The day's bookings of a level's plan: the company's bookings holding something in the day, found
-- by their period (the exclusion constraint's index covers exclusive bookings only), then kept when
-- their resource is on the level: a few bookings read instead of one probe per resource.
create index declarations_holding_period on declarations using gist (company_id, period)
  where status in ('booked', 'checked_in') and approval_status <> 'rejected';
