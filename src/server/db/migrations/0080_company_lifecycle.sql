-- A company the master area deletes stops answering at once (deleted_at) and keeps its data until
-- purge_after (the platform's grace period, COMPANY_PURGE_DAYS); a job then deletes it, cascading
-- into every tenant table. Its subdomain stays taken until then, so a host never changes owner
-- while the old company's links are still in mailboxes.
alter table companies
  add column deleted_at timestamptz,
  add column purge_after timestamptz,
  add constraint companies_purge_after_deleted check ((deleted_at is null) = (purge_after is null));

create index companies_purge_due on companies (purge_after) where purge_after is not null;
