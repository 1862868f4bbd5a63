import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { listOf, useApplications, useApplicationVersions } from '../api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingInlineStart: tokens.spacingHorizontalL,
  },
});

export function selectedId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** spec §2 /about/application-versions: pick an application, see its versions. */
export default function ApplicationVersionsScreen() {
  const styles = useStyles();
  const t = useLabel();
  const [search] = useSearchParams();
  const applicationId = selectedId(search.get('application'));
  const applications = useApplications();
  const versions = useApplicationVersions(applicationId);
  const application = listOf(applications.data).find((candidate) => candidate.id === applicationId);

  if (applications.isLoading) return <Loader />;
  return (
    <>
      <ErrorText message={applications.error?.message ?? versions.error?.message} />
      <nav aria-label={t('general.about.applications', 'Applications')}>
        <ul className={styles.list}>
          {listOf(applications.data).map((candidate) => (
            <li key={candidate.id}>
              <AppLink
                to={{ search: `?application=${candidate.id}` }}
                aria-current={candidate.id === applicationId ? 'page' : undefined}
              >
                {candidate.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {application && (
        <section aria-label={application.name}>
          {versions.isLoading && <Loader />}
          {!versions.isLoading && listOf(versions.data).length === 0 && (
            <Body1 as="p">{t('general.about.no-versions', 'No versions yet.')}</Body1>
          )}
          <ul className={styles.list}>
            {listOf(versions.data).map((version) => (
              <li key={version.id}>
                <AppLink
                  to={{
                    pathname: 'application-version',
                    search: `?application=${application.id}&version=${version.id}`,
                  }}
                >
                  {application.name} {version.version}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
