-- Space passes (issue 5, spec §2 /pass/{pass_id?}, §7 Space passes). A pass is derived from its
-- booking (one per booking, same id), so nothing is issued when a booking is made; only a holder's
-- revocation is stored. A revoked pass stays revoked: the booking itself is untouched.
create table space_pass_revocations (
  company_id integer not null references companies (id) on delete cascade,
  declaration_id integer not null,
  revoked_by integer not null,
  revoked_at timestamptz not null default now(),
  primary key (company_id, declaration_id),
  foreign key (company_id, declaration_id) references declarations (company_id, id) on delete cascade,
  foreign key (company_id, revoked_by) references users (company_id, id) on delete cascade
);
