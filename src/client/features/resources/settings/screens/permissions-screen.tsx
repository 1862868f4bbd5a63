import { Body1, Checkbox, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourcePermissions } from '../../../../../shared/contract/resources';
import { ApiError } from '../../../../api/errors';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { savePermissions, usePermissions } from '../api';
import { messagesByField } from '../checked';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, hubPath, ResourceName, useMayUpdate, useResourceId } from './parts';

/**
 * permissions: which roles may book the resource. Nobody chosen means everyone who may use the
 * plan may book it; choosing roles keeps it for their members.
 */
export default function PermissionsScreen() {
  const t = useLabel();
  const id = useResourceId();
  const permissions = usePermissions(id);
  if (permissions.error) return <ErrorText message={failureMessage(permissions.error)} />;
  if (id === null || !permissions.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <PermissionsForm id={id} current={permissions.data} onSaved={permissions.mutate} />;
}

function PermissionsForm({
  id,
  current,
  onSaved,
}: {
  id: number;
  current: ResourcePermissions;
  onSaved(saved: ResourcePermissions, options: { revalidate: false }): Promise<unknown>;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const mayUpdate = useMayUpdate();
  const [chosen, setChosen] = useState(() => new Set(current.role_ids));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const roles = current.available_roles;

  const toggle = (roleId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(roleId);
    else next.delete(roleId);
    setChosen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      const ids = roles.filter((role) => chosen.has(role.id)).map((role) => role.id);
      await onSaved(await savePermissions(id, ids), { revalidate: false });
      navigate(hubPath(id));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? messagesByField(error.body?.errors) : {};
      setFailure(fieldErrors.role_ids ?? failureMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('resource-settings.permissions', 'Who may book')}
    >
      <ResourceName id={id} />
      <MessageBar intent="info">
        <MessageBarBody>
          {chosen.size === 0
            ? t(
                'resource-settings.permissions.everyone',
                'No role is chosen: everyone who may use the plan may book this resource.',
              )
            : t(
                'resource-settings.permissions.chosen',
                'Only members of the chosen roles may book this resource. Choose none to open it to everyone who may use the plan.',
              )}
        </MessageBarBody>
      </MessageBar>
      <ErrorText message={failure} />
      {roles.length === 0 ? (
        <Body1 role="status">
          {t('resource-settings.permissions.no-roles', 'The company has no roles yet.')}
        </Body1>
      ) : (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            {t('resource-settings.permissions.roles', 'Roles that may book')}
          </legend>
          {roles.map((role) => (
            <Checkbox
              key={role.id}
              label={role.name}
              checked={chosen.has(role.id)}
              disabled={!mayUpdate}
              onChange={(_event, data) => toggle(role.id, data.checked === true)}
            />
          ))}
        </fieldset>
      )}
      {mayUpdate && (
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
