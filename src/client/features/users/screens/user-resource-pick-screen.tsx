import { Body1, Button, Caption1, Field, Select } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import type { ManagedUser } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { addAssignment, changeAssignment, useAllLevels, useLevelResources } from '../api';
import type { UserEditing } from '../components/use-user-editing';
import { WithUser } from '../components/user-sub-screen';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users edit resources/levels/:levelId/:resourceId: a resource to assign, picked on
 * a level. :levelId 0 is no level chosen yet; :resourceId is the resource of the assignment being
 * replaced, 0 for a new one.
 */
export default function UserResourcePickScreen() {
  return <WithUser>{(editing, user) => <Picker editing={editing} user={user} />}</WithUser>;
}

function Picker({ editing, user }: { editing: UserEditing; user: ManagedUser }) {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const params = useParams();
  const levelId = Number(params.levelId) || 0;
  const replacing = user.assigned_resources.find((entry) => entry.resource_id === Number(params.resourceId));
  const levels = useAllLevels();
  const resources = useLevelResources(levelId > 0 ? levelId : null);
  const { pending, failure, run } = useSubmit();
  const held = new Set(user.assigned_resources.map((entry) => entry.resource_id));

  const choose = (resourceId: number) =>
    void run(
      async () => {
        const assigned = replacing
          ? await changeAssignment(user.id, replacing.id, resourceId)
          : await addAssignment(user.id, resourceId);
        editing.accept({
          ...user,
          assigned_resources: [
            ...user.assigned_resources.filter((entry) => entry.id !== assigned.id),
            assigned,
          ],
        });
        navigate(href('r_manage-users-edit-resources', { user_id: user.id }));
      },
      undefined,
      { failure: 'all' },
    );

  return (
    <div className={styles.page}>
      {replacing && (
        <Body1>{t('users.replacing', 'Instead of {name}', { name: replacing.resource_name })}</Body1>
      )}
      <Field label={t('users.level', 'Level')}>
        <Select
          value={String(levelId)}
          onChange={(_event, data) =>
            navigate(
              href('r_manage-users-edit-resources-level', {
                user_id: user.id,
                levelId: data.value,
                resourceId: params.resourceId ?? '0',
              }),
              { replace: true },
            )
          }
        >
          <option value="0">{t('users.choose-level', 'Choose a level')}</option>
          {(levels.data?.data ?? []).map((level) => (
            <option key={level.id} value={level.id}>
              {level.path}
            </option>
          ))}
        </Select>
      </Field>
      <ErrorText message={failure ?? levels.error?.message ?? resources.error?.message ?? null} />
      {levelId > 0 &&
        (!resources.data ? (
          <Loader label={t('general.loading', 'Loading…')} />
        ) : resources.data.data.length === 0 ? (
          <Body1 role="status">{t('users.level-empty', 'This level has no resources.')}</Body1>
        ) : (
          <ul className={styles.rows} aria-label={t('users.level-resources', 'Resources of the level')}>
            {resources.data.data.map((resource) => (
              <li key={resource.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{resource.name}</Body1>
                  <Caption1 className={styles.detail}>{resource.resource_type.name}</Caption1>
                </div>
                <AssignButton
                  name={resource.name}
                  held={held.has(resource.id)}
                  disabled={pending || held.has(resource.id) || !editing.mayWrite}
                  onClick={() => choose(resource.id)}
                />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** Its name says which resource (axe: the visible text is part of it). */
function AssignButton({
  name,
  held,
  disabled,
  onClick,
}: {
  name: string;
  held: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const t = useLabel();
  const text = held ? t('users.assigned', 'Assigned') : t('users.assign', 'Assign');
  return (
    <Button disabled={disabled} aria-label={`${text}: ${name}`} onClick={onClick}>
      {text}
    </Button>
  );
}
