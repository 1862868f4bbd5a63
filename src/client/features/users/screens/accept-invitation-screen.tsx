import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { InvitationCheck } from '../../../../shared/contract/users';
import { NEW_PASSWORD_RULES } from '../../../../shared/validation/password';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { completeLogin } from '../../../session/session';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { acceptInvitation, checkInvitation } from '../api';
import { useUserStyles } from './users.styles';

/**
 * The invitation mail's link (?token=): the invited person chooses their first password and is
 * signed in at once, as after a login.
 */
export default function AcceptInvitationScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [invitation, setInvitation] = useState<InvitationCheck | null>(null);
  const [invalid, setInvalid] = useState<string | null>(
    token ? null : t('users.invitation-invalid', 'This invitation link is not valid.'),
  );
  const form = useForm({ password: '', password_confirmation: '' }, NEW_PASSWORD_RULES);

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkInvitation(token).then(
      (found) => live && setInvitation(found),
      (error: unknown) => live && setInvalid(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const submit = form.submit(
    async () => {
      const answer = await acceptInvitation({ token, ...form.values });
      const to = await completeLogin(answer, 'password');
      if (to) navigate(to, { replace: true });
    },
    { failure: 'all' },
  );

  if (invalid) return <ErrorText message={invalid} />;
  if (!invitation) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('users.accept-invitation', 'Welcome')}
    >
      <Subtitle2 as="h2">
        {t('users.invitation-welcome', 'Welcome to {company}', { company: invitation.company })}
      </Subtitle2>
      <Body1>
        {t('users.invitation-choose', 'Choose the password of {email} to sign in.', {
          email: invitation.email,
        })}
      </Body1>
      <FormField
        {...form.field('password')}
        label={t('users.new-password', 'New password')}
        type="password"
        autoComplete="new-password"
        required
        focusOnMount
      />
      <FormField
        {...form.field('password_confirmation')}
        label={t('users.confirm-password', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <ErrorText message={form.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>
          {t('users.invitation-submit', 'Set password and sign in')}
        </SubmitButton>
      </div>
    </form>
  );
}
