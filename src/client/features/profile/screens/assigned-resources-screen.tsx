import { Body1Strong, Caption1 } from '@fluentui/react-components';
import { CalendarEdit20Regular } from '@fluentui/react-icons';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAssignedResources } from '../api';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile/assigned-resources: the resources that are the user's own, with their breaks. */
export default function AssignedResourcesScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const assignments = useAssignedResources();

  if (assignments.error) return <ErrorText message={errorMessage(assignments.error)} />;
  if (!assignments.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const list = assignments.data.data;

  return (
    <div className={styles.page}>
      {list.length === 0 ? (
        <p>{t('profile.assigned-empty', 'No resource is assigned to you.')}</p>
      ) : (
        <ul className={styles.rows} aria-label={t('profile.assigned-resources', 'Assigned resources')}>
          {list.map((assignment) => (
            <li key={assignment.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1Strong>{assignment.resource_name}</Body1Strong>
                <Caption1 className={styles.detail}>{assignment.level_path}</Caption1>
                <Caption1 className={styles.detail}>
                  {t('profile.break-count', 'Breaks ahead: {count}', { count: assignment.breaks.length })}
                </Caption1>
              </div>
              <AppLink
                to={href('r_profile-assigned-resources-edit', { assignedResourceId: assignment.id })}
                className={styles.link}
                aria-label={t('profile.breaks-of', 'Breaks of {name}', { name: assignment.resource_name })}
              >
                <CalendarEdit20Regular aria-hidden /> {t('profile.breaks', 'Breaks')}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
