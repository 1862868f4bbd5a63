-- Company documents with acceptance (docs/documents.md): versions, an optional PDF, acceptances per
-- version, and the kiosk's acceptances by visitors.

alter table company_documents
  -- a new version asks everyone to accept again; acceptances name the version they were given for
  add column version integer not null default 1 check (version >= 1),
  add column version_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now(),
  add column pdf bytea,
  add column pdf_name text,
  add column reminded_at timestamptz,
  add check ((pdf is null) = (pdf_name is null));

alter table document_acceptances add column version integer not null default 1;
alter table document_acceptances drop constraint document_acceptances_pkey;
alter table document_acceptances add primary key (company_id, document_id, user_id, version);
create index document_acceptances_user on document_acceptances (company_id, user_id);

-- A visitor accepts at the desk's kiosk: the visit stands for the visitor.
create table visit_document_acceptances (
  company_id integer not null,
  visit_id integer not null,
  document_id integer not null,
  version integer not null,
  accepted_at timestamptz not null default now(),
  primary key (company_id, visit_id, document_id, version),
  foreign key (company_id, visit_id) references visits (company_id, id) on delete cascade,
  foreign key (company_id, document_id) references company_documents (company_id, id) on delete cascade
);
create index visit_document_acceptances_document on visit_document_acceptances (company_id, document_id);
