import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ManagedUser, UpdateUserBody } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { useUserStyles } from '../screens/users.styles';
import { useUserEditing, type UserEditing } from './use-user-editing';

/** A sub-screen of edit/:user_id once the user and the session are there; a loader or the error before. */
export function WithUser({ children }: { children: (editing: UserEditing, user: ManagedUser) => ReactNode }) {
  const t = useLabel();
  const editing = useUserEditing();
  if (editing.error) return <ErrorText message={editing.error.message} />;
  if (!editing.user || !editing.session) return <Loader label={t('general.loading', 'Loading…')} />;
  return <>{children(editing, editing.user)}</>;
}

/** Saves one setting and goes back to the edit screen; a failure stays on the sub-screen. */
export function useSaveAndReturn(editing: UserEditing) {
  const navigate = useNavigate();
  const submit = useSubmit();
  return {
    ...submit,
    save: (body: UpdateUserBody) =>
      void submit
        .run(() => editing.save(body), undefined, { failure: 'all' })
        .then((done) => done && navigate(href('r_manage-users-edit', { user_id: editing.id! }))),
  };
}

/** The frame of a user sub-screen: a form named after it, its fields, a failure and Save. */
export function UserSubScreenForm({
  title,
  mayWrite,
  pending,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  mayWrite: boolean;
  pending: boolean;
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const styles = useUserStyles();
  const t = useLabel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={title}>
      {children}
      <ErrorText message={failure} />
      {mayWrite && (
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
