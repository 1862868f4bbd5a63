import { Body1, Caption1, Checkbox, Subtitle2 } from '@fluentui/react-components';
import { ErrorCircle12Filled } from '@fluentui/react-icons';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AvailablePermission, DelegationPerson } from '../../../../shared/contract/delegations';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { createDelegation, updateDelegation } from '../api';
import { permissionLabel } from '../permission-labels';
import { useProfileStyles } from './profile.styles';

/**
 * The permissions the user can delegate to `person`, ticked where the delegation already has them.
 * Sends POST delegations (no delegation yet) or PUT delegations/{id}, then goes back to the list.
 * The server checks the choice (at least one, each one the user holds): its messages for the
 * permissions show under them, any other in the form's message.
 */
export function DelegationForm({
  person,
  available,
  delegationId,
  submitLabel,
  extraActions,
}: {
  person: DelegationPerson;
  available: readonly AvailablePermission[];
  delegationId: number | null;
  submitLabel: string;
  /** beside the submit button (the edit screen's Remove) */
  extraActions?: ReactNode;
}) {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const errorId = useId();
  const [chosen, setChosen] = useState(
    () => new Set(available.filter((item) => item.delegated).map((item) => item.permission)),
  );
  const [permissionsError, setPermissionsError] = useState<string | undefined>();
  const { pending, failure, setFailure, run } = useSubmit();

  const toggle = (permission: string, checked: boolean) => {
    setChosen((previous) => {
      const next = new Set(previous);
      if (checked) next.add(permission);
      else next.delete(permission);
      return next;
    });
    setPermissionsError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPermissionsError(undefined);
    const permissions = available.map((item) => item.permission).filter((name) => chosen.has(name));
    void run(
      async () => {
        await (delegationId === null
          ? createDelegation({ delegate_id: person.id, permissions })
          : updateDelegation(delegationId, { permissions }));
        navigate(href('r_profile-my-delegates'));
      },
      (errors) => {
        // 'permissions' and 'permissions.2' under the permissions; the rest (delegate_id) above the buttons.
        const { permissions: atPermissions, ...others } = firstMessages(errors, { atList: true });
        setPermissionsError(atPermissions);
        const other = Object.values(others)[0];
        if (other) setFailure(other);
      },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('profile.delegate-to', 'Delegate to {name}', { name: person.name })}
    >
      <div className={styles.person}>
        <Subtitle2 as="h2">{person.name}</Subtitle2>
        <Caption1 className={styles.detail}>{person.email}</Caption1>
      </div>
      {available.length === 0 ? (
        <Body1 role="status">
          {t('profile.nothing-delegable', 'You hold no permission that can be delegated.')}
        </Body1>
      ) : (
        <fieldset className={styles.group} aria-describedby={permissionsError ? errorId : undefined}>
          <legend className={styles.legend}>
            {t('profile.permissions-legend', 'What {name} may do for you', { name: person.name })}
          </legend>
          {available.map((item) => (
            <Checkbox
              key={item.permission}
              name="permissions"
              value={item.permission}
              label={permissionLabel(t, item.permission, 'given')}
              checked={chosen.has(item.permission)}
              onChange={(_event, data) => toggle(item.permission, data.checked === true)}
            />
          ))}
          {permissionsError && (
            <Caption1 id={errorId} role="alert" className={styles.fieldError}>
              <ErrorCircle12Filled aria-hidden />
              {permissionsError}
            </Caption1>
          )}
        </fieldset>
      )}
      <ErrorText message={failure} />
      <div className={styles.actions}>
        {available.length > 0 && <SubmitButton pending={pending}>{submitLabel}</SubmitButton>}
        {extraActions}
      </div>
    </form>
  );
}
