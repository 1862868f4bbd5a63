-- When the booking's host was reminded to check in (check-in reminders): each booking is reminded
-- once, by whichever server process claims it first.
alter table declarations add column check_in_reminded_at timestamptz;
