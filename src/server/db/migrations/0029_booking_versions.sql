-- A booking made from what the server kept in memory (a signed-in caller's session and permissions,
-- the resource's booking context) instead of reading it again, checked where it is written. The
-- plan stamp (0013) covers the resource, its level, windows, closures, date capacities and roles;
-- this stamp covers the rest of what creating a booking reads: who holds which permissions and
-- roles (members, container roles, role permissions), the company's and users' preferences (the
-- slot types), prices (resource functions), and the names an answer shows (resource and level
-- translations, users, the company itself). As in 0011 and 0013, every change gives the company a
-- new stamp from a sequence, never reused even by work that rolled back; deleting a company
-- cascades into the tables whose triggers write here, so there is no foreign key.
create sequence booking_version_seq;

create table company_booking_versions (
  company_id integer primary key,
  version bigint not null
);

create function bump_booking_version() returns trigger language plpgsql as $$
declare
  changed_company integer;
begin
  if tg_op = 'DELETE' then
    changed_company := old.company_id;
  else
    changed_company := new.company_id;
  end if;
  insert into company_booking_versions as v (company_id, version)
  values (changed_company, nextval('booking_version_seq'))
  on conflict (company_id) do update set version = excluded.version;
  return null;
end
$$;

create trigger user_container_members_booking_version
  after insert or update or delete on user_container_members
  for each row execute function bump_booking_version();
create trigger user_container_roles_booking_version
  after insert or update or delete on user_container_roles
  for each row execute function bump_booking_version();
create trigger role_permissions_booking_version
  after insert or update or delete on role_permissions
  for each row execute function bump_booking_version();
create trigger company_preferences_booking_version
  after insert or update or delete on company_preferences
  for each row execute function bump_booking_version();
create trigger user_preferences_booking_version
  after insert or update or delete on user_preferences
  for each row execute function bump_booking_version();
create trigger resource_functions_booking_version
  after insert or update or delete on resource_functions
  for each row execute function bump_booking_version();
create trigger resource_translations_booking_version
  after insert or update or delete on resource_translations
  for each row execute function bump_booking_version();
create trigger level_translations_booking_version
  after insert or update or delete on level_translations
  for each row execute function bump_booking_version();
-- A user's name and language (the host's name, the language names are read in); a password change
-- or a row lock (the per-user limit takes one) is not a change of what a booking reads.
create trigger users_booking_version
  after update of first_name, last_name, language_id, is_visitor or delete on users
  for each row execute function bump_booking_version();

-- The company row is its own: its id is the company.
create function bump_company_booking_version() returns trigger language plpgsql as $$
begin
  insert into company_booking_versions as v (company_id, version)
  values (new.id, nextval('booking_version_seq'))
  on conflict (company_id) do update set version = excluded.version;
  return null;
end
$$;
create trigger companies_booking_version after update on companies
  for each row execute function bump_company_booking_version();

insert into company_booking_versions (company_id, version)
select c.id, nextval('booking_version_seq') from companies c;

-- A user's bookings that hold their resource, by end: what the per-user limit counts in a day (the
-- index on their start reads every booking they ever made before that day).
create index declarations_user_holding on declarations (company_id, user_id, ends_at)
  include (starts_at, resource_id)
  where status in ('booked', 'checked_in') and approval_status <> 'rejected';

-- book_declarations (0020, 0023) with two checks more, made only when the server booked from memory:
-- `p_session`, the caller's session, must still be live (neither revoked nor expired), and
-- `p_expected_booking_version` must still be the company's booking stamp; otherwise the answer is
-- 'stale' and nothing is written, as for a moved plan stamp. Both are checked after the locks, so a
-- change that committed before the booking's check is seen by it.
drop function book_declarations(integer, integer, integer, integer, integer, bigint, integer,
  timestamptz[], timestamptz[], timestamptz[], timestamptz[], text[], integer[], integer, text, boolean,
  text, boolean, text, boolean, jsonb[]);

create function book_declarations(
  p_company integer,
  p_user integer,
  p_created_by integer,
  p_resource integer,
  p_level integer,
  p_expected_plan_version bigint,
  p_limit integer,
  p_starts timestamptz[],
  p_ends timestamptz[],
  p_day_starts timestamptz[],
  p_day_ends timestamptz[],
  p_slot_types text[],
  p_costs integer[],
  p_currency integer,
  p_subject text,
  p_is_private boolean,
  p_approval_status text,
  p_exclusive boolean,
  p_source text,
  p_count_visit boolean,
  -- per booking, the 'created' announcement without its id and schema (declarations.queries.ts)
  p_notices jsonb[],
  p_session uuid,
  p_expected_booking_version bigint
) returns table (
  outcome text,
  booking integer,
  held integer,
  id integer,
  status text,
  approval_status text,
  created_at timestamptz
) language plpgsql as $$
#variable_conflict use_column
declare
  v_count integer := coalesce(array_length(p_starts, 1), 0);
  v_held integer;
  v_row record;
  -- the booking being inserted, for the refusal of a double booking (a loop's own variable is not
  -- visible to the block's exception handler)
  v_current integer;
begin
  perform 1 from users u where u.company_id = p_company and u.id = p_user for no key update;
  perform 1 from resources r where r.company_id = p_company and r.id = p_resource for no key update;
  if (p_expected_plan_version is not null and p_expected_plan_version is distinct from
      (select v.version from company_plan_versions v where v.company_id = p_company))
    or (p_expected_booking_version is not null and p_expected_booking_version is distinct from
      (select v.version from company_booking_versions v where v.company_id = p_company))
    or (p_session is not null and not exists (select 1 from sessions s
      where s.jti = p_session and s.user_id = p_created_by and s.company_id = p_company
        and s.revoked_at is null and s.expires_at > now())) then
    return query select 'stale'::text, null::integer, null::integer, null::integer, null::text,
      null::text, null::timestamptz;
    return;
  end if;
  -- The places (distinct resources that count towards the limit) the host holds in each booking's
  -- day, besides this resource: the request's own bookings never change that count. Their bookings
  -- that day are counted first (an index-only count): fewer than the limit, so are the places.
  if p_limit is not null then
    for v_index in 1 .. v_count loop
      select count(*) into v_held from declarations d
      where d.company_id = p_company and d.user_id = p_user
        and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
        and d.ends_at > p_day_starts[v_index] and d.starts_at < p_day_ends[v_index]
        and d.resource_id <> p_resource;
      if v_held + 1 > p_limit then
        select count(distinct d.resource_id) into v_held from declarations d
        join resources r on r.company_id = d.company_id and r.id = d.resource_id
        where d.company_id = p_company and d.user_id = p_user
          and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
          and d.starts_at < p_day_ends[v_index] and d.ends_at > p_day_starts[v_index]
          and d.resource_id <> p_resource
          and (r.resource_capacity_type = 'shared' or r.capacity <= 1);
      end if;
      if v_held + 1 > p_limit then
        return query select 'over_limit'::text, v_index, v_held, null::integer, null::text,
          null::text, null::timestamptz;
        return;
      end if;
    end loop;
  end if;
  begin
    for v_index in 1 .. v_count loop
      v_current := v_index;
      insert into declarations as d (company_id, resource_id, user_id, created_by, starts_at, ends_at,
        subject, is_private, slot_type, approval_status, exclusive, cost_cents, currency_id, source)
      values (p_company, p_resource, p_user, p_created_by, p_starts[v_index], p_ends[v_index],
        p_subject, p_is_private, p_slot_types[v_index], p_approval_status, p_exclusive,
        p_costs[v_index], p_currency, p_source)
      returning d.id, d.status, d.approval_status, d.created_at into v_row;
      perform pg_notify('declaration_changed', (p_notices[v_index] || jsonb_build_object('id', v_row.id,
        'known', (p_notices[v_index] -> 'known') || jsonb_build_object('schema', current_schema())))::text);
      outcome := 'booked';
      booking := v_index;
      held := null;
      id := v_row.id;
      status := v_row.status;
      approval_status := v_row.approval_status;
      created_at := v_row.created_at;
      return next;
    end loop;
  exception when exclusion_violation then
    raise exception using errcode = 'exclusion_violation', message = sqlerrm, detail = v_current::text;
  end;
  if p_count_visit and v_count > 0 then
    insert into level_visits as lv (company_id, user_id, level_id, visits, last_visit_at)
    values (p_company, p_user, p_level, 1, now())
    on conflict (company_id, user_id, level_id)
    do update set visits = lv.visits + 1, last_visit_at = now();
  end if;
end
$$;

-- Several requests' bookings in one statement (declarations.queries.ts bookInBatches): each item is
-- one book_declarations call with its arguments as JSON, in a subtransaction of its own, so an item
-- that fails (a double booking, a lost race) takes back only its own writes and its announcements.
-- Items run in order in the statement's one transaction: a later item sees an earlier one's
-- bookings (the per-user limit, the exclusion constraint). Per item, book_declarations' rows, or one
-- 'error' row with the SQLSTATE, message and detail of what failed it.
create function book_declarations_batch(p_items jsonb) returns table (
  item integer,
  outcome text,
  booking integer,
  held integer,
  id integer,
  status text,
  approval_status text,
  created_at timestamptz,
  error_code text,
  error_message text,
  error_detail text
) language plpgsql as $$
#variable_conflict use_column
declare
  v_item jsonb;
  v_index integer := 0;
  -- an item's rows, handed out only once its subtransaction has succeeded
  v_rows jsonb;
  v_row record;
  v_detail text;
begin
  for v_item in select value from jsonb_array_elements(p_items) loop
    v_index := v_index + 1;
    begin
      select coalesce(jsonb_agg(to_jsonb(b)), '[]') into v_rows from book_declarations(
        (v_item ->> 'company')::integer, (v_item ->> 'user')::integer, (v_item ->> 'created_by')::integer,
        (v_item ->> 'resource')::integer, (v_item ->> 'level')::integer,
        (v_item ->> 'expected_plan_version')::bigint, (v_item ->> 'limit')::integer,
        array(select jsonb_array_elements_text(v_item -> 'starts'))::timestamptz[],
        array(select jsonb_array_elements_text(v_item -> 'ends'))::timestamptz[],
        array(select jsonb_array_elements_text(v_item -> 'day_starts'))::timestamptz[],
        array(select jsonb_array_elements_text(v_item -> 'day_ends'))::timestamptz[],
        array(select jsonb_array_elements_text(v_item -> 'slot_types')),
        array(select jsonb_array_elements_text(v_item -> 'costs'))::integer[],
        (v_item ->> 'currency')::integer, v_item ->> 'subject', (v_item ->> 'is_private')::boolean,
        v_item ->> 'approval_status', (v_item ->> 'exclusive')::boolean, v_item ->> 'source',
        (v_item ->> 'count_visit')::boolean,
        array(select jsonb_array_elements(v_item -> 'notices')),
        (v_item ->> 'session')::uuid, (v_item ->> 'expected_booking_version')::bigint) b;
    exception when others then
      get stacked diagnostics v_detail = pg_exception_detail;
      item := v_index;
      outcome := 'error';
      booking := null;
      held := null;
      id := null;
      status := null;
      approval_status := null;
      created_at := null;
      error_code := sqlstate;
      error_message := sqlerrm;
      error_detail := v_detail;
      return next;
      continue;
    end;
    for v_row in select * from jsonb_to_recordset(v_rows) as r(outcome text, booking integer,
        held integer, id integer, status text, approval_status text, created_at timestamptz) loop
      item := v_index;
      outcome := v_row.outcome;
      booking := v_row.booking;
      held := v_row.held;
      id := v_row.id;
      status := v_row.status;
      approval_status := v_row.approval_status;
      created_at := v_row.created_at;
      error_code := null;
      error_message := null;
      error_detail := null;
      return next;
    end loop;
  end loop;
end
$$;
