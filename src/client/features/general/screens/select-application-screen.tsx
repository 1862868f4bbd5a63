import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { listOf, useApplications } from '../api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    alignItems: 'flex-start',
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
});

/** spec §2 add-version (select-application): picks the application and returns to the form. */
export default function SelectApplicationScreen() {
  const styles = useStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { data, error, isLoading } = useApplications();
  if (isLoading) return <Loader />;
  return (
    <>
      <ErrorText message={error?.message} />
      <ul className={styles.list} aria-label={t('general.about.select-application', 'Select application')}>
        {listOf(data).map((application) => (
          <li key={application.id}>
            <Button
              appearance="subtle"
              onClick={() =>
                navigate(
                  { pathname: href('r_about-add-version'), search: `?application=${application.id}` },
                  { replace: true },
                )
              }
            >
              {application.name}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
