import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { savePermissions, usePermissions } from '../api';
import { ChecklistForm } from './checklist-form';
import { failureMessage, useResourceId } from './parts';

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
  return (
    <ChecklistForm
      id={id}
      label={t('resource-settings.permissions', 'Who may book')}
      items={permissions.data.available_roles}
      chosenIds={permissions.data.role_ids}
      field="role_ids"
      legend={t('resource-settings.permissions.roles', 'Roles that may book')}
      empty={t('resource-settings.permissions.no-roles', 'The company has no roles yet.')}
      intro={(chosen) => (
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
      )}
      save={async (ids) => permissions.mutate(await savePermissions(id, ids), { revalidate: false })}
    />
  );
}
