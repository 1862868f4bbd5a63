import { Body1, Checkbox } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ManagedUser } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { setUserContainers, useAssignableContainers } from '../api';
import type { UserEditing } from '../components/use-user-editing';
import { UserSubScreenForm, WithUser } from '../components/user-sub-screen';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users edit containers: the user containers the user is a member of (their roles
 * give the user's permissions); a selection toggles on repeat and is saved by diff (spec §4).
 */
export default function UserContainersScreen() {
  return <WithUser>{(editing, user) => <ContainersForm editing={editing} user={user} />}</WithUser>;
}

function ContainersForm({ editing, user }: { editing: UserEditing; user: ManagedUser }) {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const containers = useAssignableContainers();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(user.user_containers.map((c) => c.id)));
  const { pending, failure, run } = useSubmit();
  const title = t('users.containers', 'Containers');

  const save = () =>
    void run(
      async () => {
        editing.accept(await setUserContainers(user.id, [...chosen]));
        navigate(href('r_manage-users-edit', { user_id: user.id }));
      },
      undefined,
      { failure: 'all' },
    );

  return (
    <UserSubScreenForm
      title={title}
      mayWrite={editing.mayWrite}
      pending={pending}
      failure={failure}
      onSubmit={save}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{title}</legend>
        {!containers.data ? (
          <Loader label={t('general.loading', 'Loading…')} />
        ) : containers.data.data.length === 0 ? (
          <Body1>{t('users.no-containers', 'The company has no user containers yet.')}</Body1>
        ) : (
          containers.data.data.map((container) => (
            <Checkbox
              key={container.id}
              label={container.name}
              disabled={!editing.mayWrite}
              checked={chosen.has(container.id)}
              onChange={(_event, data) =>
                setChosen((previous) => {
                  const next = new Set(previous);
                  if (data.checked === true) next.add(container.id);
                  else next.delete(container.id);
                  return next;
                })
              }
            />
          ))
        )}
      </fieldset>
    </UserSubScreenForm>
  );
}
