import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { removeAssignment } from '../api';
import { WithUser } from '../components/user-sub-screen';
import { useUserStyles } from './users.styles';

/** spec §2 /manage-users edit resources/:resourceId/:assignedResourceId: one assignment, moved or removed. */
export default function UserAssignmentScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const assignedResourceId = Number(useParams().assignedResourceId);
  return (
    <WithUser>
      {(editing, user) => {
        const assigned = user.assigned_resources.find((entry) => entry.id === assignedResourceId);
        if (!assigned)
          return <ErrorText message={t('users.assignment-missing', 'This assignment does not exist.')} />;
        const back = href('r_manage-users-edit-resources', { user_id: user.id });
        return (
          <div className={styles.page}>
            <div className={styles.header}>
              <Subtitle2 as="h2">{assigned.resource_name}</Subtitle2>
              <Body1 className={styles.detail}>{assigned.level_path}</Body1>
            </div>
            {editing.mayWrite && (
              <div className={styles.actions}>
                <AppLink
                  to={href('r_manage-users-edit-resources-level', {
                    user_id: user.id,
                    levelId: assigned.level_id,
                    resourceId: assigned.resource_id,
                  })}
                >
                  {t('users.change-resource', 'Assign another resource instead')}
                </AppLink>
                <ConfirmAction
                  label={t('users.unassign', 'Remove assignment')}
                  accessibleLabel={t('users.unassign-named', 'Remove {name} from the user', {
                    name: assigned.resource_name,
                  })}
                  title={t('users.unassign-title', 'Remove this assignment?')}
                  message={t('users.unassign-message', 'The resource is no longer the user’s own.')}
                  action={async () => {
                    await removeAssignment(user.id, assigned.id);
                    editing.accept({
                      ...user,
                      assigned_resources: user.assigned_resources.filter((entry) => entry.id !== assigned.id),
                    });
                  }}
                  after={() => navigate(back)}
                />
              </div>
            )}
          </div>
        );
      }}
    </WithUser>
  );
}
