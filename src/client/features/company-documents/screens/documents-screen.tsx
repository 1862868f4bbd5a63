import { Badge, Body1, Dropdown, Field, Option, SearchBox } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useDocuments } from '../api';
import { applicationChoices } from '../application-names';
import { useDocumentStyles } from '../documents.styles';

/** spec §9: searches wait 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * spec §2 /company-documents: the company's documents, searched by name and filtered by application;
 * each row says its version and how many people accepted it.
 */
export default function DocumentsScreen() {
  const styles = useDocumentStyles();
  const t = useLabel();
  const when = useWhen();
  const session = useInitialData();
  const permissions = session?.general_permissions ?? [];
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [applicationId, setApplicationId] = useState('');
  const [now] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const documents = useDocuments({ query, application_id: applicationId });
  const applications = applicationChoices(t);
  const allApplications = t('documents.all-applications', 'All applications');
  const nameOf = (id: number) =>
    applications.find((application) => application.id === id)?.name ?? String(id);
  const mayEdit = can(permissions, ['DOCUMENTS', 'update']);

  return (
    <div className={styles.page}>
      {can(permissions, ['DOCUMENTS', 'create']) && (
        <AppLink to={href('r_company-documents-add')}>
          <Add20Regular aria-hidden /> {t('documents.add', 'Add document')}
        </AppLink>
      )}
      <div className={styles.filters} role="search">
        <Field className={styles.filter} label={t('documents.search', 'Search documents')}>
          <SearchBox value={typed} onChange={(_event, data) => setTyped(data.value)} />
        </Field>
        <Field className={styles.filter} label={t('documents.application', 'Application')}>
          <Dropdown
            value={applicationId ? nameOf(Number(applicationId)) : allApplications}
            selectedOptions={[applicationId]}
            onOptionSelect={(_event, data) => setApplicationId(data.optionValue ?? '')}
          >
            <Option value="">{allApplications}</Option>
            {applications.map((application) => (
              <Option key={application.id} value={String(application.id)}>
                {application.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {!documents.data ? (
        documents.error ? (
          <ErrorText message={documents.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : documents.data.data.length === 0 ? (
        <Body1 role="status">{t('documents.empty', 'No documents match.')}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t('documents.title', 'Company documents')}
          aria-busy={documents.isValidating}
        >
          {documents.data.data.map((document) => {
            const scheduled = new Date(document.publish_date).getTime() > now;
            return (
              <li key={document.id} className={styles.row}>
                <span className={styles.rowMain}>
                  {mayEdit ? (
                    <AppLink to={href('r_company-documents-edit', { documentId: String(document.id) })}>
                      {document.name}
                    </AppLink>
                  ) : (
                    <Body1>{document.name}</Body1>
                  )}
                  <Body1 className={styles.detail}>
                    {document.application_ids.map(nameOf).join(', ')} ·{' '}
                    {t('documents.version-n', 'Version {version}', { version: document.version })} ·{' '}
                    {scheduled
                      ? t('documents.publishes-on', 'Publishes on {date}', {
                          date: when.dateTime(document.publish_date),
                        })
                      : t('documents.published-on', 'Published on {date}', {
                          date: when.date(document.publish_date),
                        })}
                  </Body1>
                </span>
                <Badge
                  appearance="tint"
                  color={document.accepted_count === document.people_count ? 'success' : 'informative'}
                >
                  {t('documents.accepted-count', '{accepted} of {people} accepted', {
                    accepted: document.accepted_count,
                    people: document.people_count,
                  })}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
