-- spec §2 /profile assigned-resources/edit/:assignedResourceId (add-break, :breakId) and §7
-- "Assignment breaks": while the holder of an assigned resource is away (a break), others may book it.
-- The assignment is resource_assignments.id (migration 0061). 0061 runs after this file on a new
-- database, so the link is not a foreign key: every read joins resource_assignments (a break of a
-- removed assignment is never seen) and removing or moving an assignment deletes its breaks.
create table resource_assignment_breaks (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  assignment_id integer not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  check (ends_at > starts_at),
  -- two breaks of one assignment never overlap, whatever the number of server processes
  exclude using gist (company_id with =, assignment_id with =, tstzrange(starts_at, ends_at, '[)') with &&)
);
