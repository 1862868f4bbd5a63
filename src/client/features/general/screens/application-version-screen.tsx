import { Body1, makeStyles, Subtitle1 } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { listOf, useApplicationVersions } from '../api';
import { selectedId } from './application-versions-screen';

const useStyles = makeStyles({ notes: { whiteSpace: 'pre-wrap' } });

/** spec §2 /about/application-versions/application-version: one version's notes. */
export default function ApplicationVersionScreen() {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const [search] = useSearchParams();
  const applicationId = selectedId(search.get('application'));
  const versionId = selectedId(search.get('version'));
  const { data, error, isLoading } = useApplicationVersions(applicationId);
  if (isLoading) return <Loader />;
  const version = listOf(data).find((candidate) => candidate.id === versionId);
  if (!version)
    return (
      <ErrorText
        message={error?.message ?? t('general.about.version-missing', 'This version does not exist.')}
      />
    );
  return (
    <article aria-labelledby="version-title">
      <Subtitle1 as="h2" id="version-title">
        {version.version}
      </Subtitle1>
      <Body1 as="p">{when.date(version.released_at)}</Body1>
      <Body1 as="p" className={styles.notes}>
        {version.notes}
      </Body1>
    </article>
  );
}
