-- The public /service/{code} page (issue 43): besides ordering the resource's services, whoever
-- scanned the resource's QR code may report a problem with it. The report is kept for the
-- providers who serve the resource (GET services/problems), who mark it resolved.
create table service_problem_reports (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  -- what kind of help it needs (one of the types the resource offers), or none said
  service_type_id integer,
  description text not null check (btrim(description) <> '' and length(description) <= 2000),
  reported_by integer,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by integer,
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, service_type_id) references service_types (company_id, id)
    on delete set null (service_type_id),
  foreign key (company_id, reported_by) references users (company_id, id) on delete set null (reported_by),
  foreign key (company_id, resolved_by) references users (company_id, id) on delete set null (resolved_by)
);
create index service_problem_reports_open on service_problem_reports (company_id, created_at desc)
  where resolved_at is null;
