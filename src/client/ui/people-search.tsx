import { Body1, Button, Caption1, makeStyles, SearchBox, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { schedulerPaths, type SchedulerPerson, type SchedulerPersonList } from '../../shared/contract/scheduler';
import { useApi } from '../api/swr';
import { useLabel } from '../i18n/i18n';
import { ErrorText } from './error-text';
import { Loader } from './loader';
import { LIST_ROW_STYLES } from './list-rows.styles';

/** spec §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

export type Person = SchedulerPerson;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** GET scheduler/attendees: people of the company (nothing asked before two characters). */
export const usePeople = (query: string) =>
  useApi<SchedulerPersonList>(query.trim().length < 2 ? null : schedulerPaths.attendees, {
    searchParams: { query: query.trim() },
  });

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  ...LIST_ROW_STYLES,
});

/**
 * A search over the company's people (the scheduler's attendees and hosts, a booking's host); each
 * result gets one action button.
 */
export function PeopleSearch({
  label,
  actionLabel,
  onPick,
  exclude,
}: {
  label: string;
  actionLabel: (person: Person) => string;
  onPick: (person: Person) => void;
  exclude: (person: Person) => boolean;
}) {
  const styles = useStyles();
  const t = useLabel();
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const people = usePeople(query);
  const shown = (people.data?.data ?? []).filter((person) => !exclude(person));
  return (
    <section className={styles.section} aria-label={label}>
      <SearchBox
        aria-label={label}
        placeholder={label}
        value={search}
        onChange={(_event, data) => setSearch(data.value)}
      />
      {query.trim().length >= 2 &&
        (people.error ? (
          <ErrorText message={people.error.message} />
        ) : !people.data ? (
          <Loader label={t('general.loading', 'Loading…')} />
        ) : shown.length === 0 ? (
          <Body1 role="status">{t('scheduler.nobody-found', 'Nobody found.')}</Body1>
        ) : (
          <ul className={styles.rows}>
            {shown.map((person) => (
              <li key={person.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{person.name}</Body1>
                  <Caption1 className={styles.detail}>{person.email}</Caption1>
                </div>
                <Button onClick={() => onPick(person)} aria-label={actionLabel(person)}>
                  {t('scheduler.choose', 'Choose')}
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
