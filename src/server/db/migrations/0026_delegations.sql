-- spec §2 /profile my-delegates and delegated-by, §5 "Delegation: users delegate available
-- permissions to others and see those given and received". A delegation lets one user (the
-- delegate) act for another (the delegator) with the permissions listed for it; a pair has one
-- delegation, and nobody delegates to themselves. What a delegated permission allows is decided when
-- it is used: only while the delegator still holds it (src/server/modules/delegations).
create table delegations (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  delegator_id integer not null,
  delegate_id integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, delegator_id, delegate_id),
  check (delegator_id <> delegate_id),
  foreign key (company_id, delegator_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, delegate_id) references users (company_id, id) on delete cascade
);

-- "delegated to me" reads by the delegate
create index delegations_delegate on delegations (company_id, delegate_id);

create table delegation_permissions (
  company_id integer not null,
  delegation_id integer not null,
  permission_id integer not null references permissions (id),
  primary key (company_id, delegation_id, permission_id),
  foreign key (company_id, delegation_id) references delegations (company_id, id) on delete cascade
);
