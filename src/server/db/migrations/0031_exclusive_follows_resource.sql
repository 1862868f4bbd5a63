-- The no-overlap invariant, stated once (docs/booking-engine.md#no-double-booking-by-construction):
--
--   two bookings that hold an exclusive resource never overlap.
--
-- declarations_no_double_booking (0007) enforces it over the rows flagged `exclusive`; this trigger
-- makes the flag the resource's capacity type at the moment a booking is written or moved, read
-- under a share lock of the resource's row. Before, each caller copied the flag from what it had
-- read (some from memory), so a booking written while the resource became exclusive, or a shared
-- booking left overlapping when it did, escaped the constraint (issue 37: three active bookings on
-- one desk). A capacity-type change takes the resource's row lock (FOR UPDATE, which the share lock
-- waits for), refuses while holding bookings overlap, and flags the open bookings in the same
-- transaction (modules/resources/capacity-type.ts).
create function declarations_exclusive_from_resource() returns trigger
language plpgsql as $$
begin
  if new.resource_id is not null then
    select r.resource_capacity_type = 'exclusive' into new.exclusive
      from resources r
     where r.company_id = new.company_id and r.id = new.resource_id
       for share;
  end if;
  return new;
end;
$$;

create trigger declarations_exclusive_from_resource
  before insert or update of resource_id, starts_at, ends_at on declarations
  for each row execute function declarations_exclusive_from_resource();
