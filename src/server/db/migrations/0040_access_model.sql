-- The access model of spec §2 "Company administration", §3 Container and §6 (docs/permissions.md).
-- A container has an access type; its members are users (every type: a user container's people, the
-- people a level/resource/reception-desk container grants to, the users a user-manager container
-- manages), user managers (user-manager containers), levels, resources and reception desks, and its
-- roles. A role has the kind of the containers it may be attached to, and its permissions are of
-- that category. A mega container ties containers of several types together: the people of its user
-- containers count as people of its other containers.

alter table roles
  add column kind text not null default 'USER'
    check (kind in ('USER', 'USER_MANAGER', 'LEVEL', 'RESOURCE', 'RECEPTION_DESK'));

alter table permissions
  add column category text not null default 'USER'
    check (category in ('USER', 'USER_MANAGER', 'LEVEL', 'RESOURCE', 'RECEPTION_DESK'));

alter table user_containers
  add constraint user_containers_access_type
    check (access_type in ('USER', 'USER_MANAGER', 'LEVEL', 'RESOURCE', 'RECEPTION_DESK'));

-- A container's roles are read by container; "which containers grant this role" by role.
create index user_container_roles_role on user_container_roles (company_id, role_id);

create table container_levels (
  company_id integer not null,
  container_id integer not null,
  level_id integer not null,
  primary key (company_id, container_id, level_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade,
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade
);
create index container_levels_level on container_levels (company_id, level_id);

create table container_resources (
  company_id integer not null,
  container_id integer not null,
  resource_id integer not null,
  primary key (company_id, container_id, resource_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
create index container_resources_resource on container_resources (company_id, resource_id);

-- Reception desks do not exist yet: the foreign key to them comes with their table.
create table container_reception_desks (
  company_id integer not null,
  container_id integer not null,
  reception_desk_id integer not null,
  primary key (company_id, container_id, reception_desk_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade
);

create table container_user_managers (
  company_id integer not null,
  container_id integer not null,
  user_id integer not null,
  primary key (company_id, container_id, user_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index container_user_managers_user on container_user_managers (company_id, user_id);

create table mega_containers (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  unique (company_id, id),
  unique (company_id, name)
);

create table mega_container_containers (
  company_id integer not null,
  mega_container_id integer not null,
  container_id integer not null,
  primary key (company_id, mega_container_id, container_id),
  foreign key (company_id, mega_container_id) references mega_containers (company_id, id) on delete cascade,
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade
);
create index mega_container_containers_container on mega_container_containers (company_id, container_id);

-- A booking made from memory checks who may book at the company's booking stamp (0029): every
-- table that changes it moves the stamp.
create trigger roles_booking_version after update of kind or delete on roles
  for each row execute function bump_booking_version();
create trigger user_containers_booking_version after update of access_type or delete on user_containers
  for each row execute function bump_booking_version();
create trigger container_levels_booking_version after insert or update or delete on container_levels
  for each row execute function bump_booking_version();
create trigger container_resources_booking_version after insert or update or delete on container_resources
  for each row execute function bump_booking_version();
create trigger mega_container_containers_booking_version after insert or update or delete on mega_container_containers
  for each row execute function bump_booking_version();
