import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { DeletedUsers } from '../../../../shared/contract/users';
import { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { pageGivenBack } from '../../../ui/page-given-back';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { bulkDeleteUsers, deleteUser } from '../api';

/**
 * Delete one user or several (spec §2 delete and bulk delete). The server refuses while someone has
 * bookings ahead and says who (409); the dialog then shows that reason and lets the administrator
 * choose to cancel those bookings with the deletion, which the server does in one transaction.
 */
export function DeleteUsersButton({
  userIds,
  label,
  accessibleLabel,
  onDeleted,
}: {
  userIds: readonly number[];
  label: string;
  accessibleLabel: string;
  onDeleted: (result: DeletedUsers) => unknown;
}) {
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancelBookings, setCancelBookings] = useState(false);
  const { pending, failure, setFailure, run } = useSubmit();

  const confirm = async () => {
    let result: DeletedUsers | null = null;
    const done = await run(
      async () => {
        try {
          result =
            userIds.length === 1
              ? await deleteUser(userIds[0]!, cancelBookings)
              : await bulkDeleteUsers({ user_ids: [...userIds], cancel_bookings: cancelBookings });
        } catch (error) {
          // Bookings ahead: the reason stays in the dialog with the choice to cancel them.
          if (error instanceof ApiError && error.status === 409 && error.body) setRefusal(error.body.message);
          throw error;
        }
      },
      undefined,
      { failure: 'all' },
    );
    if (!done || !result) return;
    setOpen(false);
    await pageGivenBack();
    await onDeleted(result);
  };

  const bookingsAhead = refusal !== null && /booking/i.test(refusal);
  return (
    <>
      <Button
        icon={<Delete20Regular aria-hidden />}
        aria-label={accessibleLabel}
        disabled={userIds.length === 0}
        onClick={() => {
          setFailure(null);
          setRefusal(null);
          setCancelBookings(false);
          setAsked(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {asked && (
        <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => setOpen(data.open)}>
          <DialogSurface>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                event.stopPropagation();
                void confirm();
              }}
            >
              <DialogBody>
                <DialogTitle>
                  {userIds.length === 1
                    ? t('users.delete-title', 'Delete this user?')
                    : t('users.delete-many-title', 'Delete {count} users?', { count: userIds.length })}
                </DialogTitle>
                <DialogContent>
                  <Body1>
                    {t(
                      'users.delete-message',
                      'Their account, memberships and assigned resources are removed. Past bookings stay in the history as “Removed user”.',
                    )}
                  </Body1>
                  <ErrorText message={failure} />
                  {bookingsAhead && (
                    <Checkbox
                      checked={cancelBookings}
                      onChange={(_event, data) => setCancelBookings(data.checked === true)}
                      label={t('users.cancel-bookings', 'Cancel their bookings ahead and delete')}
                    />
                  )}
                </DialogContent>
                <DialogActions>
                  <Button disabled={pending} onClick={() => setOpen(false)}>
                    {t('general.actions.cancel', 'Cancel')}
                  </Button>
                  <SubmitButton pending={pending}>{label}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          </DialogSurface>
        </Dialog>
      )}
    </>
  );
}
