import { Body1, Caption1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { WithUser } from '../components/user-sub-screen';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users edit resources: the resources that are the user's own (their desk); each
 * opens at :resourceId/:assignedResourceId, and a new one is picked level by level.
 */
export default function UserResourcesScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  return (
    <WithUser>
      {(editing, user) => (
        <div className={styles.page}>
          {user.assigned_resources.length === 0 ? (
            <Body1 role="status">{t('users.no-resources', 'No resource is assigned to this user.')}</Body1>
          ) : (
            <ul className={styles.rows} aria-label={t('users.resources', 'Assigned resources')}>
              {user.assigned_resources.map((assigned) => (
                <li key={assigned.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <AppLink
                      to={href('r_manage-users-edit-resources-assigned', {
                        user_id: user.id,
                        resourceId: assigned.resource_id,
                        assignedResourceId: assigned.id,
                      })}
                    >
                      {assigned.resource_name}
                    </AppLink>
                    <Caption1 className={styles.detail}>{assigned.level_path}</Caption1>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {editing.mayWrite && (
            <AppLink
              to={href('r_manage-users-edit-resources-level', {
                user_id: user.id,
                levelId: 0,
                resourceId: 0,
              })}
            >
              <Add20Regular aria-hidden /> {t('users.assign-resource', 'Assign a resource')}
            </AppLink>
          )}
        </div>
      )}
    </WithUser>
  );
}
