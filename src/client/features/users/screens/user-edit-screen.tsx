import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Switch,
} from '@fluentui/react-components';
import { Mail20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ManagedUser } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useSubmit } from '../../../ui/use-submit';
import { usersAccess } from '../access';
import { resendInvitation } from '../api';
import { DeleteUsersButton } from '../components/delete-users';
import { useUserEditing, type UserEditing } from '../components/use-user-editing';
import { useUserStyles } from './users.styles';

/** The parts a user manager does not reach (the users API keeps them for administrators). */
const ADMINISTRATORS_PARTS: ReadonlySet<RouteName> = new Set([
  'r_manage-users-edit-containers',
  'r_manage-users-edit-resources',
]);

/**
 * spec §2 /manage-users edit/:user_id: who the person is (saved here), and each setting with what
 * it is now and a link to its sub-screen (language, timezone, country, containers, change-password,
 * resources); the invitation while it is pending; delete.
 */
export default function UserEditScreen() {
  const t = useLabel();
  const editing = useUserEditing();
  if (editing.error) return <ErrorText message={editing.error.message} />;
  if (!editing.user || !editing.session) return <Loader label={t('general.loading', 'Loading…')} />;
  return <EditHub key={editing.user.id} editing={editing} user={editing.user} />;
}

function EditHub({ editing, user }: { editing: UserEditing; user: ManagedUser }) {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = editing.session!;
  const access = usersAccess(session.general_permissions);
  const form = useForm(
    { email: user.email, first_name: user.first_name, last_name: user.last_name },
    { email: 'required|email', first_name: 'required', last_name: 'required' },
  );
  const [flags, setFlags] = useState({ is_visitor: user.is_visitor, sso: user.sso, camera: user.camera });
  const [saved, setSaved] = useState<string | null>(null);
  const invitation = useSubmit();

  const submit = form.submit(async () => {
    setSaved(null);
    await editing.save({ ...form.values, email: form.values.email.trim(), ...flags });
    setSaved(t('users.saved', 'Saved.'));
  });
  const resend = () =>
    void invitation.run(async () => setSaved((await resendInvitation(user.id)).message), undefined, {
      failure: 'all',
    });

  const none = t('users.none', 'None');
  const language = session.languages.find((entry) => entry.id === user.language_id)?.name ?? '';
  const country = session.countries.find((entry) => entry.id === user.country_id)?.name ?? none;
  const everyPart: Array<[RouteName, string, string]> = [
    ['r_manage-users-edit-language', t('users.language', 'Language'), language],
    ['r_manage-users-edit-timezone', t('users.timezone', 'Timezone'), user.timezone.replace(/_/g, ' ')],
    ['r_manage-users-edit-country', t('users.country', 'Country'), country],
    [
      'r_manage-users-edit-containers',
      t('users.containers', 'Containers'),
      user.user_containers.map((container) => container.name).join(', ') || none,
    ],
    [
      'r_manage-users-edit-change-password',
      t('users.change-password', 'Change password'),
      user.sso
        ? t('users.sso', 'Single sign-on')
        : user.invitation_pending
          ? t('users.invitation-pending', 'Invitation pending')
          : '',
    ],
    [
      'r_manage-users-edit-resources',
      t('users.resources', 'Assigned resources'),
      user.assigned_resources.map((assigned) => assigned.resource_name).join(', ') || none,
    ],
  ];
  const parts = everyPart.filter(([name]) => access.administers || !ADMINISTRATORS_PARTS.has(name));

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Subtitle2 as="h2">{user.name || user.email}</Subtitle2>
        <Caption1 className={styles.detail}>{user.email}</Caption1>
      </div>
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{saved}</MessageBarBody>
        </MessageBar>
      )}
      {user.invitation_pending && (
        <div className={styles.actions}>
          <Body1>{t('users.invitation-pending-long', 'The invitation has not been accepted yet.')}</Body1>
          {access.create && (
            <Button icon={<Mail20Regular aria-hidden />} disabled={invitation.pending} onClick={resend}>
              {t('users.resend-invitation', 'Send the invitation again')}
            </Button>
          )}
          <ErrorText message={invitation.failure} />
        </div>
      )}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('users.details', 'Details')}>
        <FormField {...form.field('email')} label={t('users.email', 'E-mail')} type="email" required />
        <FormField {...form.field('first_name')} label={t('users.first-name', 'First name')} required />
        <FormField {...form.field('last_name')} label={t('users.last-name', 'Last name')} required />
        <Switch
          checked={flags.is_visitor}
          onChange={(_event, data) => setFlags((previous) => ({ ...previous, is_visitor: data.checked }))}
          label={t('users.is-visitor', 'Visitor')}
        />
        <Switch
          checked={flags.sso}
          onChange={(_event, data) => setFlags((previous) => ({ ...previous, sso: data.checked }))}
          label={t('users.sso', 'Single sign-on')}
        />
        <Switch
          checked={flags.camera}
          onChange={(_event, data) => setFlags((previous) => ({ ...previous, camera: data.checked }))}
          label={t('users.camera', 'Camera (QR scanning)')}
        />
        <ErrorText message={form.failure} />
        {editing.mayWrite && (
          <div className={styles.actions}>
            <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
          </div>
        )}
      </form>
      <ul className={styles.parts} aria-label={t('users.settings', 'Settings of the user')}>
        {parts.map(([name, title, summary]) => (
          <li key={name} className={styles.part}>
            <AppLink to={href(name, { user_id: user.id })}>{title}</AppLink>
            <Body1 className={styles.detail}>{summary}</Body1>
          </li>
        ))}
      </ul>
      {access.delete && (
        <div className={styles.actions}>
          <DeleteUsersButton
            userIds={[user.id]}
            label={t('users.delete', 'Delete user')}
            accessibleLabel={t('users.delete-named', 'Delete user {name}', { name: user.name || user.email })}
            onDeleted={() => navigate(href('r_manage-users'))}
          />
        </div>
      )}
    </div>
  );
}
