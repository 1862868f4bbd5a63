import { Body1, Button, Caption1, SearchBox, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { setContacts, useContacts } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { usePersonSearch } from '../use-person-search';

/** spec §2 /one-click/settings/contacts: the colleagues kept on the page, found with find-person. */
export default function ContactsScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const contacts = useContacts();
  const [query, setQuery] = useState('');
  const search = usePersonSearch(query);
  const { pending, failure, run } = useSubmit();
  if (contacts.error) return <ErrorText message={errorMessage(contacts.error)} />;
  if (!contacts.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const kept = contacts.data.data;
  const save = (ids: number[]) =>
    void run(async () => contacts.mutate(await setContacts(ids), { revalidate: false }));
  return (
    <div className={styles.page}>
      <ErrorText message={failure ?? search.failure} />
      <section className={styles.form} aria-labelledby="contacts-kept">
        <Subtitle2 as="h2" id="contacts-kept">
          {t('one-click.contacts', 'Contacts')}
        </Subtitle2>
        {kept.length === 0 && (
          <Body1>{t('one-click.no-contacts', 'Keep the colleagues you look for here.')}</Body1>
        )}
        <ul className={styles.rows}>
          {kept.map((contact) => (
            <li key={contact.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>{contact.name}</Body1>
                <Caption1 className={styles.detail}>{contact.email}</Caption1>
              </div>
              <Button
                disabled={pending}
                onClick={() => save(kept.filter((other) => other.id !== contact.id).map((other) => other.id))}
              >
                {t('one-click.remove-named', 'Remove {name}', { name: contact.name })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.form} aria-labelledby="contacts-add">
        <Subtitle2 as="h2" id="contacts-add">
          {t('one-click.contact-add', 'Add a contact')}
        </Subtitle2>
        <SearchBox
          aria-label={t('one-click.search-person', 'Name or e-mail')}
          placeholder={t('one-click.search-person', 'Name or e-mail')}
          value={query}
          onChange={(_event, data) => setQuery(data.value)}
        />
        {search.searching && <Spinner size="tiny" label={t('one-click.searching', 'Searching…')} />}
        {search.people && search.people.length === 0 && (
          <Body1 role="status">{t('one-click.nobody', 'Nobody found.')}</Body1>
        )}
        <ul className={styles.rows}>
          {(search.people ?? [])
            .filter((person) => !kept.some((contact) => contact.id === person.id))
            .map((person) => (
              <li key={person.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{person.name}</Body1>
                  <Caption1 className={styles.detail}>{person.email}</Caption1>
                </div>
                <Button disabled={pending} onClick={() => save([...kept.map((c) => c.id), person.id])}>
                  {t('one-click.add-named', 'Add {name}', { name: person.name })}
                </Button>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
