-- spec §2 /manage-users delete. A deleted user's row goes (its memberships, sessions, preferences,
-- assignments and delegations go with it by their foreign keys), but the bookings they made stay as
-- the company's history: they are handed to one placeholder user per company, "Removed user", who
-- never signs in (no password) and is never listed.
alter table users add column stands_for_removed boolean not null default false;
create unique index users_removed_placeholder on users (company_id) where stands_for_removed;
