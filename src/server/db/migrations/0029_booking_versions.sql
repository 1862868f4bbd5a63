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

-- book_declarations (0020, 0023) becomes book_declarations_batch: the bookings of several requests
-- in one statement, where a statement's round trip cost more than a booking's work (a server's
-- socket writes and commit; PGlite's protocol and commit). Each request is an item: its arguments
-- are the n-th of the per-item arrays, its bookings the p_count[n] from p_first[n] on in the
-- per-booking arrays. Items run in order, each in a subtransaction of its own, in the statement's
-- one transaction: an item that fails takes back only its own writes and announcements, and a later
-- item sees an earlier one's bookings (the per-user limit, the exclusion constraint). A single
-- request is a batch of one. Answers, per item, book_declarations' rows (the 'booked' bookings, or
-- one 'stale' row, or one 'over_limit' row naming the booking, 1-based, whose day is full and the
-- places held then), or one 'error' row with the SQLSTATE, message and detail of what failed it (a
-- double booking, 23P01, with the number of the booking refused as its detail).
-- Two checks more, made when the server booked from memory (declarations.create.ts): `p_session`,
-- the caller's session, must still be live, and `p_expected_booking_version` must still be the
-- company's booking stamp; otherwise 'stale' and nothing is written, as for a moved plan stamp.
-- Both are checked after the locks, so a change that committed before the booking's check is seen.
drop function book_declarations(integer, integer, integer, integer, integer, bigint, integer,
  timestamptz[], timestamptz[], timestamptz[], timestamptz[], text[], integer[], integer, text, boolean,
  text, boolean, text, boolean, jsonb[]);

create function book_declarations_batch(
  p_company integer[],
  p_user integer[],
  p_created_by integer[],
  p_resource integer[],
  p_level integer[],
  p_expected_plan_version bigint[],
  p_limit integer[],
  p_currency integer[],
  p_subject text[],
  p_is_private boolean[],
  p_approval_status text[],
  p_exclusive boolean[],
  p_source text[],
  p_count_visit boolean[],
  p_session uuid[],
  p_expected_booking_version bigint[],
  p_first integer[],
  p_count integer[],
  p_starts timestamptz[],
  p_ends timestamptz[],
  p_day_starts timestamptz[],
  p_day_ends timestamptz[],
  p_slot_types text[],
  p_costs integer[],
  -- per booking, the 'created' announcement without its id and schema (declarations.queries.ts)
  p_notices jsonb[]
) returns table (
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
  v_held integer;
  v_row record;
  -- the item's bookings as inserted, handed out once its subtransaction has succeeded
  v_ids integer[];
  v_statuses text[];
  v_approvals text[];
  v_created timestamptz[];
  v_refusal text;
  v_refused integer;
  -- the booking being inserted (1-based within its item), for the refusal of a double booking
  v_current integer;
  v_detail text;
  v_first integer;
  v_last integer;
begin
  for v_item in 1 .. coalesce(array_length(p_company, 1), 0) loop
    v_first := p_first[v_item];
    v_last := p_first[v_item] + p_count[v_item] - 1;
    v_ids := '{}';
    v_statuses := '{}';
    v_approvals := '{}';
    v_created := '{}';
    v_refusal := null;
    begin
      perform 1 from users u where u.company_id = p_company[v_item] and u.id = p_user[v_item] for no key update;
      perform 1 from resources r where r.company_id = p_company[v_item] and r.id = p_resource[v_item]
        for no key update;
      if (p_expected_plan_version[v_item] is not null and p_expected_plan_version[v_item] is distinct from
          (select v.version from company_plan_versions v where v.company_id = p_company[v_item]))
        or (p_expected_booking_version[v_item] is not null and p_expected_booking_version[v_item] is distinct
          from (select v.version from company_booking_versions v where v.company_id = p_company[v_item]))
        or (p_session[v_item] is not null and not exists (select 1 from sessions s
          where s.jti = p_session[v_item] and s.user_id = p_created_by[v_item]
            and s.company_id = p_company[v_item] and s.revoked_at is null and s.expires_at > now())) then
        v_refusal := 'stale';
      end if;
      -- The places (distinct resources that count towards the limit) the host holds in each
      -- booking's day, besides this resource: the request's own bookings never change that count.
      -- Their bookings that day are counted first (an index-only count): fewer than the limit, so
      -- are the places.
      if v_refusal is null and p_limit[v_item] is not null then
        for v_booking in v_first .. v_last loop
          select count(*) into v_held from declarations d
          where d.company_id = p_company[v_item] and d.user_id = p_user[v_item]
            and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
            and d.ends_at > p_day_starts[v_booking] and d.starts_at < p_day_ends[v_booking]
            and d.resource_id <> p_resource[v_item];
          if v_held + 1 > p_limit[v_item] then
            select count(distinct d.resource_id) into v_held from declarations d
            join resources r on r.company_id = d.company_id and r.id = d.resource_id
            where d.company_id = p_company[v_item] and d.user_id = p_user[v_item]
              and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
              and d.starts_at < p_day_ends[v_booking] and d.ends_at > p_day_starts[v_booking]
              and d.resource_id <> p_resource[v_item]
              and (r.resource_capacity_type = 'shared' or r.capacity <= 1);
          end if;
          if v_held + 1 > p_limit[v_item] then
            v_refusal := 'over_limit';
            v_refused := v_booking - v_first + 1;
            exit;
          end if;
        end loop;
      end if;
      if v_refusal is null then
        for v_booking in v_first .. v_last loop
          v_current := v_booking - v_first + 1;
          insert into declarations as d (company_id, resource_id, user_id, created_by, starts_at, ends_at,
            subject, is_private, slot_type, approval_status, exclusive, cost_cents, currency_id, source)
          values (p_company[v_item], p_resource[v_item], p_user[v_item], p_created_by[v_item],
            p_starts[v_booking], p_ends[v_booking], p_subject[v_item], p_is_private[v_item],
            p_slot_types[v_booking], p_approval_status[v_item], p_exclusive[v_item], p_costs[v_booking],
            p_currency[v_item], p_source[v_item])
          returning d.id, d.status, d.approval_status, d.created_at into v_row;
          perform pg_notify('declaration_changed', (p_notices[v_booking] || jsonb_build_object('id', v_row.id,
            'known', (p_notices[v_booking] -> 'known') || jsonb_build_object('schema', current_schema())))::text);
          v_ids := v_ids || v_row.id;
          v_statuses := v_statuses || v_row.status;
          v_approvals := v_approvals || v_row.approval_status;
          v_created := v_created || v_row.created_at;
        end loop;
        if p_count_visit[v_item] and p_count[v_item] > 0 then
          insert into level_visits as lv (company_id, user_id, level_id, visits, last_visit_at)
          values (p_company[v_item], p_user[v_item], p_level[v_item], 1, now())
          on conflict (company_id, user_id, level_id)
          do update set visits = lv.visits + 1, last_visit_at = now();
        end if;
      end if;
    exception when others then
      get stacked diagnostics v_detail = pg_exception_detail;
      item := v_item;
      outcome := 'error';
      booking := null;
      held := null;
      id := null;
      status := null;
      approval_status := null;
      created_at := null;
      error_code := sqlstate;
      error_message := sqlerrm;
      error_detail := case when sqlstate = '23P01' then v_current::text else v_detail end;
      return next;
      continue;
    end;
    item := v_item;
    error_code := null;
    error_message := null;
    error_detail := null;
    id := null;
    status := null;
    approval_status := null;
    created_at := null;
    if v_refusal is not null then
      outcome := v_refusal;
      booking := case when v_refusal = 'over_limit' then v_refused end;
      held := case when v_refusal = 'over_limit' then v_held end;
      return next;
      continue;
    end if;
    outcome := 'booked';
    held := null;
    for v_index in 1 .. coalesce(array_length(v_ids, 1), 0) loop
      booking := v_index;
      id := v_ids[v_index];
      status := v_statuses[v_index];
      approval_status := v_approvals[v_index];
      created_at := v_created[v_index];
      return next;
    end loop;
  end loop;
end
$$;
