import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { isCompanyContext } from '../../../api/environment';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { listOf, useApplications } from '../api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingInlineStart: tokens.spacingHorizontalL,
  },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * spec §2 /about and /profile/about: the product's applications (links relative, so each stays
 * under the route it was opened from), their versions and (platform administrators) adding one.
 */
export default function AboutScreen() {
  const styles = useStyles();
  const t = useLabel();
  const session = useInitialData();
  const { data, error, isLoading } = useApplications();
  const mayAdd = !isCompanyContext() && session?.user.is_platform_admin === true;
  return (
    <>
      <Body1 as="p">
        {t(
          'general.about.text',
          'Workplace: desks, rooms, resources, visitors and services, in the browser and in Outlook.',
        )}
      </Body1>
      <div className={styles.links}>
        <AppLink to="application-versions">
          {t('general.about.application-versions', 'Application versions')}
        </AppLink>
        {mayAdd && (
          <AppLink to={href('r_about-add-version')}>{t('general.about.add-version', 'Add version')}</AppLink>
        )}
      </div>
      <Subtitle1 as="h2">{t('general.about.applications', 'Applications')}</Subtitle1>
      {isLoading && <Loader />}
      <ErrorText message={error?.message} />
      <ul className={styles.list}>
        {listOf(data).map((application) => (
          <li key={application.id}>
            <AppLink
              to={{
                pathname: 'application-versions',
                search: `?application=${application.id}`,
              }}
            >
              {application.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
