-- spec §2 /manage-users resources (:resourceId/:assignedResourceId, levels/:levelId/:resourceId) and
-- §7 "assignment CRUD": a resource assigned to a user (their own desk). A user holds a resource once.
create table resource_assignments (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  resource_id integer not null,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, user_id, resource_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
-- who holds a resource (the resource's side, and the list's assigned_resources filter)
create index resource_assignments_resource on resource_assignments (company_id, resource_id);
