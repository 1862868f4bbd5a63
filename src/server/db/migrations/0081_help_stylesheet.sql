-- spec §2 /help-pages/css: the one stylesheet of the help pages (master help css GET and PUT /1),
-- applied to help content only (the client scopes it with @scope).
create table help_stylesheets (
  id integer primary key check (id = 1),
  css text not null default '',
  updated_at timestamptz not null default now()
);
insert into help_stylesheets (id, css) values (1, '');
