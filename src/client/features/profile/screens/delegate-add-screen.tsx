import { Badge, Body1, Button, Caption1, SearchBox } from '@fluentui/react-components';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DelegateUser } from '../../../../shared/contract/delegations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useDelegateUsers } from '../api';
import { useProfileStyles } from '../components/profile.styles';

/** spec §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * spec §2 /profile/my-delegates/add: find a colleague (GET delegations/delegate-users, by name or
 * email, a page at a time) and choose them; someone who already is a delegate is edited instead.
 */
export default function DelegateAddScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const label = t('profile.search-colleagues', 'Search colleagues by name or email');

  return (
    <div className={styles.page}>
      <SearchBox
        aria-label={label}
        placeholder={label}
        value={search}
        onChange={(_event, data) => setSearch(data.value)}
      />
      <Results query={query} />
    </div>
  );
}

function Results({ query }: { query: string }) {
  const styles = useProfileStyles();
  const t = useLabel();
  // A new search starts again at its first page (whose answer stays shown until the new one is in).
  const [shown, setShown] = useState({ query, pages: 1 });
  const pages = shown.query === query ? shown.pages : 1;
  const setPages = (next: number) => setShown({ query, pages: next });
  return (
    <section className={styles.region} aria-label={t('profile.colleagues', 'Colleagues')}>
      <ul className={styles.rows}>
        {Array.from({ length: pages }, (_, index) => (
          <ResultPage
            key={index}
            query={query}
            page={index + 1}
            last={index + 1 === pages}
            onMore={() => setPages(index + 2)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * One page of results, as list items. The last page shown offers the next one; a page asked for
 * that way takes the focus to its first person, as the button that asked for it is gone.
 */
function ResultPage({
  query,
  page,
  last,
  onMore,
}: {
  query: string;
  page: number;
  last: boolean;
  onMore: () => void;
}) {
  const t = useLabel();
  const answer = useDelegateUsers(query, page, { keepPreviousData: page === 1 });
  const first = useRef<HTMLButtonElement>(null);
  const loaded = answer.data !== undefined;
  useEffect(() => {
    if (loaded && page > 1) first.current?.focus();
  }, [loaded, page]);

  if (!answer.data)
    return (
      <li>
        {answer.error ? (
          <ErrorText message={errorMessage(answer.error)} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )}
      </li>
    );
  const { data: people, meta } = answer.data;
  return (
    <>
      {page === 1 && people.length === 0 && (
        <li>
          <Body1 role="status">
            {query
              ? t('profile.nobody-found', 'Nobody found.')
              : t('profile.no-colleagues', 'You have no colleague to delegate to.')}
          </Body1>
        </li>
      )}
      {people.map((person, index) => (
        <PersonRow key={person.id} person={person} buttonRef={index === 0 ? first : undefined} />
      ))}
      {last && meta.current_page < meta.last_page && (
        <li>
          <Button appearance="subtle" onClick={onMore}>
            {t('profile.show-more', 'Show more')}
          </Button>
        </li>
      )}
    </>
  );
}

function PersonRow({ person, buttonRef }: { person: DelegateUser; buttonRef?: Ref<HTMLButtonElement> }) {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const isDelegate = person.delegation_id !== null;
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Body1>{person.name}</Body1>
        <Caption1 className={styles.detail}>{person.email}</Caption1>
      </div>
      <div className={styles.actions}>
        {isDelegate && (
          <Badge appearance="tint" color="informative">
            {t('profile.already-delegate', 'Your delegate')}
          </Badge>
        )}
        {isDelegate ? (
          <Button
            ref={buttonRef}
            aria-label={t('profile.edit-person', 'Edit {name}', { name: person.name })}
            onClick={() =>
              navigate(href('r_profile-my-delegates-edit', { delegationId: person.delegation_id }))
            }
          >
            {t('profile.edit', 'Edit')}
          </Button>
        ) : (
          <Button
            ref={buttonRef}
            appearance="primary"
            aria-label={t('profile.choose-person', 'Choose {name}', { name: person.name })}
            onClick={() => navigate(href('r_profile-my-delegates-add-permission', { userId: person.id }))}
          >
            {t('profile.choose', 'Choose')}
          </Button>
        )}
      </div>
    </li>
  );
}
