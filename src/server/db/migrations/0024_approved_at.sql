-- When a booking was last approved. Auto-release gives a booking its company's grace period from
-- the latest of its start, its creation and its approval: a booking approved after its start
-- (pending bookings cannot be checked in) would otherwise be released at the next run, before its
-- host could check in.
alter table declarations add column approved_at timestamptz;
