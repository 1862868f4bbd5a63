-- A resource that is deleted keeps the history of its past bookings (reports, "my bookings"): the
-- bookings lose the link but keep the name the resource had. A resource with future bookings is
-- still refused deletion (resources.service.ts), so only finished bookings ever lose their link.
alter table declarations add column resource_name text not null default '';
alter table declarations alter column resource_id drop not null;
alter table declarations drop constraint declarations_company_id_resource_id_fkey;
alter table declarations
  add constraint declarations_resource_fkey foreign key (company_id, resource_id)
  references resources (company_id, id) on delete set null (resource_id);
