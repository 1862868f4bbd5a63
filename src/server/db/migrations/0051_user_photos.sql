-- A user's own photo (spec §2 /profile photo): a PNG or JPEG, checked by content like other images.
create table user_photos (
  company_id integer not null,
  user_id integer not null,
  mime text not null check (mime in ('image/png', 'image/jpeg')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  sha256 text not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, user_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
