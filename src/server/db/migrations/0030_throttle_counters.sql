-- Sign-in throttling as counters, one row per key ('pair:…', 'account:…', 'address:…', 'mail:…'):
-- an attempt takes its place with one INSERT … ON CONFLICT DO UPDATE, which locks the row, so
-- parallel attempts are counted one after the other (issue 37: a count read before a separate
-- insert let 200 parallel wrong passwords all be checked). Not a tenant table: keys name their scope.
create table throttle_counters (
  key text primary key,
  count integer not null,
  window_ends timestamptz not null
);
create index throttle_counters_window_ends on throttle_counters (window_ends);

drop table login_attempts;
