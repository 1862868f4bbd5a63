-- Auto-release claims only approved bookings still waiting for their check-in: a pending booking
-- is never released, so the partial index leaves it out too.
drop index declarations_awaiting_check_in;
create index declarations_awaiting_check_in on declarations (starts_at)
  where status = 'booked' and approval_status = 'approved';

-- What the plan and every capacity check read: the bookings holding some resources that end after
-- an instant (declarations.queries HOLDS; the exclusion constraint's index covers exclusive ones only).
create index declarations_holding on declarations (company_id, resource_id, ends_at)
  where status in ('booked', 'checked_in') and approval_status <> 'rejected';
