-- What a resource answer names (the level tree with its names, maps, zones and hours; resource types
-- and attributes with their names; the languages) changes rarely but is read on every request. The
-- server keeps it in memory per company, stamped with this version, and reads the stamp (one row)
-- instead of the lookups. Every change to those tables gives the company a new stamp from a
-- sequence: sequences ignore rollbacks, so a stamp is never reused, even for work that rolled back.
-- No foreign key: deleting a company cascades into its levels, whose triggers write here.
create sequence lookup_version_seq;

create table company_lookup_versions (
  company_id integer primary key,
  version bigint not null
);

create function bump_lookup_version() returns trigger language plpgsql as $$
declare
  changed_company integer;
begin
  if tg_op = 'DELETE' then
    changed_company := old.company_id;
  else
    changed_company := new.company_id;
  end if;
  insert into company_lookup_versions as v (company_id, version)
  values (changed_company, nextval('lookup_version_seq'))
  on conflict (company_id) do update set version = excluded.version;
  return null;
end
$$;

create trigger levels_lookup_version after insert or update or delete on levels
  for each row execute function bump_lookup_version();
create trigger level_translations_lookup_version after insert or update or delete on level_translations
  for each row execute function bump_lookup_version();
create trigger resource_types_lookup_version after insert or update or delete on resource_types
  for each row execute function bump_lookup_version();
create trigger resource_type_translations_lookup_version
  after insert or update or delete on resource_type_translations
  for each row execute function bump_lookup_version();
create trigger resource_attributes_lookup_version after insert or update or delete on resource_attributes
  for each row execute function bump_lookup_version();
create trigger resource_attribute_translations_lookup_version
  after insert or update or delete on resource_attribute_translations
  for each row execute function bump_lookup_version();

-- Languages are shared by every company: a change to them restamps them all.
create function bump_all_lookup_versions() returns trigger language plpgsql as $$
begin
  update company_lookup_versions set version = nextval('lookup_version_seq');
  return null;
end
$$;

create trigger languages_lookup_version after insert or update or delete on languages
  for each statement execute function bump_all_lookup_versions();

-- Companies that already have levels start with a stamp.
insert into company_lookup_versions (company_id, version)
select c.id, nextval('lookup_version_seq') from companies c;

-- A resource name folded by the product's one search rule (src/shared/text/search.ts: case and
-- accents ignored), written by the server beside the name so a name search narrows the resources in
-- SQL and only the matches' names are read. The rule is JavaScript's, not the database's (whose
-- lower() depends on its locale), so the server fills it; a row without it (written by older code)
-- is always a candidate and the server filters it by the rule after reading it.
alter table resource_translations add column search_name text;
