import { Body1, Button, Caption1, Checkbox, SearchBox, Spinner } from '@fluentui/react-components';
import {
  Add20Regular,
  ArrowDownload20Regular,
  ArrowUpload20Regular,
  Filter20Regular,
} from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWRInfinite from 'swr/infinite';
import type { Paginated } from '../../../../shared/contract/common';
import type { ManagedUser } from '../../../../shared/contract/users';
import { AUTO_FETCH_PAGES } from '../../../api/paginate';
import type { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { exportUsers, fetchUsersPage, listGeneration } from '../api';
import { DeleteUsersButton } from '../components/delete-users';
import { activeFilterCount, filtersFromParams, filtersToParams, type UserFilters } from '../filters';
import { usersAccess } from '../access';
import { useUserStyles } from './users.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9
const PER_PAGE = 200; // spec §9

function useUserPages(filters: UserFilters) {
  const key = JSON.stringify(filters);
  const current = listGeneration();
  return useSWRInfinite<Paginated<ManagedUser>, ApiError>(
    (index: number, previous: Paginated<ManagedUser> | null) =>
      previous && previous.meta.current_page >= previous.meta.last_page
        ? null
        : ['users', key, index + 1, current],
    ([, , page]: [string, string, number, number]) => fetchUsersPage(filters, page, PER_PAGE),
    // spec §4: pages of 200, fetched on while the page is below 3 and more exist.
    {
      initialSize: AUTO_FETCH_PAGES,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      revalidateFirstPage: false,
    },
  );
}

/**
 * spec §2 /manage-users: the company's people, searched and filtered (the filters live in the
 * address), selected for a bulk delete, exported as CSV; each opens its edit screen.
 */
export default function UsersScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [search, setSearch] = useState(filters.query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [exporting, setExporting] = useState(false);
  const list = useUserPages(filters);
  const permissions = session?.general_permissions ?? [];
  const access = usersAccess(permissions);
  const mayAdd = access.create;
  const mayDelete = access.delete;

  const written = useRef(filters.query);
  useEffect(() => {
    if (search.trim() === filters.query) return;
    const timer = setTimeout(() => {
      written.current = search.trim();
      setParams(filtersToParams({ ...filters, query: search }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, setParams]);
  useEffect(() => {
    if (filters.query !== written.current) {
      written.current = filters.query;
      setSearch(filters.query);
    }
  }, [filters.query]);

  const pages = list.data ?? [];
  const users = pages.flatMap((page) => page.data);
  const last = pages.at(-1)?.meta;
  const more = last !== undefined && last.current_page < last.last_page;
  const count = activeFilterCount(filters);
  const toggle = (id: number, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportUsers(filters);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'users.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('users.search', 'Search by name or e-mail')}
          placeholder={t('users.search', 'Search by name or e-mail')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        {access.administers && (
          <Button
            icon={<Filter20Regular aria-hidden />}
            onClick={() =>
              navigate({ pathname: href('r_manage-users-search-filters'), search: params.toString() })
            }
          >
            {count > 0
              ? t('users.filters-count', 'Filters ({count})', { count })
              : t('users.filters', 'Filters')}
          </Button>
        )}
      </div>
      <div className={styles.actions}>
        {mayAdd && (
          <AppLink to={href('r_manage-users-add-user')}>
            <Add20Regular aria-hidden /> {t('users.add', 'Add user')}
          </AppLink>
        )}
        {mayAdd && (
          <AppLink to={href('r_manage-users-import')}>
            <ArrowUpload20Regular aria-hidden /> {t('users.import', 'Import users')}
          </AppLink>
        )}
        {access.administers && (
          <Button
            icon={exporting ? <Spinner size="tiny" aria-hidden /> : <ArrowDownload20Regular aria-hidden />}
            disabled={exporting}
            onClick={() => void download()}
          >
            {t('users.export', 'Export CSV')}
          </Button>
        )}
        {mayDelete && (
          <DeleteUsersButton
            userIds={[...selected]}
            label={t('users.delete-selected', 'Delete selected ({count})', { count: selected.size })}
            accessibleLabel={t('users.delete-selected', 'Delete selected ({count})', {
              count: selected.size,
            })}
            onDeleted={() => {
              setSelected(new Set());
              void list.mutate();
            }}
          />
        )}
      </div>
      {list.error ? (
        <ErrorText message={list.error.message} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : users.length === 0 ? (
        <Body1 role="status">{t('users.empty', 'No users found.')}</Body1>
      ) : (
        <>
          <Caption1 role="status">
            {t('users.count', '{shown} of {total} users', { shown: users.length, total: last?.total ?? 0 })}
          </Caption1>
          <ul className={styles.rows} aria-label={t('users.title', 'Users')} aria-busy={list.isValidating}>
            {users.map((user) => (
              <li key={user.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <AppLink to={href('r_manage-users-edit', { user_id: user.id })}>
                    {user.name || user.email}
                  </AppLink>
                  <Caption1 className={styles.detail}>
                    {[
                      user.email,
                      user.user_containers.map((container) => container.name).join(', '),
                      user.is_visitor ? t('users.visitor', 'Visitor') : '',
                      user.sso ? t('users.sso', 'Single sign-on') : '',
                      user.invitation_pending ? t('users.invitation-pending', 'Invitation pending') : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Caption1>
                </div>
                {mayDelete && (
                  <div className={styles.rowActions}>
                    <Checkbox
                      checked={selected.has(user.id)}
                      onChange={(_event, data) => toggle(user.id, data.checked === true)}
                      aria-label={t('users.select', 'Select {name}', { name: user.name || user.email })}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
          {more && (
            <div className={styles.actions}>
              <Button
                disabled={list.isValidating}
                icon={list.isValidating ? <Spinner size="tiny" aria-hidden /> : undefined}
                onClick={() => void list.setSize(list.size + 1)}
              >
                {t('users.load-more', 'Load more')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
