import { Body1, Body1Strong, Button, Caption1 } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { BREAK_MESSAGES } from '../../../../shared/validation/assignment-breaks';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { deleteBreak, useAssignedResource } from '../api';
import { breakText } from '../components/break-times';
import { ConfirmAction } from '../components/confirm-action';
import { useProfileStyles } from '../components/profile.styles';

/** The assignment id of the route (assigned-resources/edit/:assignedResourceId), or null. */
export function useAssignmentId(): number | null {
  const id = Number(useParams().assignedResourceId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * spec §2 /profile/assigned-resources/edit/:assignedResourceId: the resource's breaks ahead, during
 * which colleagues may book it; add, change or delete one.
 */
export default function AssignedResourceScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const when = useWhen();
  const id = useAssignmentId();
  const assignment = useAssignedResource(id);
  const mayChange = can(session?.general_permissions ?? [], ['USER_PROFILE', 'update']);

  if (id === null)
    return <ErrorText message={t('profile.assignment-not-found', BREAK_MESSAGES.assignmentNotFound)} />;
  if (assignment.error) return <ErrorText message={errorMessage(assignment.error)} />;
  if (!assignment.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  const { resource_name: name, level_path: path, breaks } = assignment.data;

  return (
    <div className={styles.page}>
      <div className={styles.person}>
        <Body1Strong>{name}</Body1Strong>
        <Caption1 className={styles.detail}>{path}</Caption1>
        <Body1>
          {t('profile.breaks-explained', 'While you are on a break, colleagues may book this resource.')}
        </Body1>
      </div>
      {mayChange && (
        <div className={styles.actions}>
          <AppLink
            to={href('r_profile-assigned-resources-edit-add-break', { assignedResourceId: id })}
            className={styles.link}
          >
            <Add20Regular aria-hidden /> {t('profile.add-break', 'Add break')}
          </AppLink>
        </div>
      )}
      {breaks.length === 0 ? (
        <p>{t('profile.breaks-empty', 'No break ahead.')}</p>
      ) : (
        <ul className={styles.rows} aria-label={t('profile.breaks', 'Breaks')}>
          {breaks.map((item) => {
            const text = breakText(item, when);
            return (
              <li key={item.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{text}</Body1>
                </div>
                {mayChange && (
                  <div className={styles.actions}>
                    <Button
                      icon={<Edit20Regular aria-hidden />}
                      aria-label={t('profile.edit-break', 'Edit break {time}', { time: text })}
                      onClick={() =>
                        navigate(
                          href('r_profile-assigned-resources-edit-break', {
                            assignedResourceId: id,
                            breakId: item.id,
                          }),
                        )
                      }
                    >
                      {t('profile.edit', 'Edit')}
                    </Button>
                    <ConfirmAction
                      icon={<Delete20Regular aria-hidden />}
                      label={t('profile.delete', 'Delete')}
                      accessibleLabel={t('profile.delete-break', 'Delete break {time}', { time: text })}
                      title={t('profile.delete-break-title', 'Delete this break?')}
                      message={t(
                        'profile.delete-break-message',
                        'During {time} the resource is yours alone again.',
                        { time: text },
                      )}
                      action={() => deleteBreak(id, item.id)}
                      after={() => undefined}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
