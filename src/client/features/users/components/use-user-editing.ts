import { useParams } from 'react-router-dom';
import type { ManagedUser, UpdateUserBody } from '../../../../shared/contract/users';
import { useInitialData } from '../../../session/hooks';
import { usersAccess } from '../access';
import { updateUser, useUser } from '../api';

/** The :user_id of the edit routes, or null when it is not a positive whole number. */
export function useUserId(): number | null {
  const id = Number(useParams().user_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The user being edited, whether the caller may change it, and how a sub-screen saves a change. */
export function useUserEditing() {
  const id = useUserId();
  const user = useUser(id);
  const session = useInitialData();
  const mayWrite = usersAccess(session?.general_permissions ?? []).update;
  return {
    id,
    user: user.data ?? null,
    error: user.error ?? null,
    session,
    mayWrite,
    /** after a save: the answer is the user as it now is */
    accept: (next: ManagedUser) => void user.mutate(next, { revalidate: false }),
    save: async (body: UpdateUserBody) => {
      const next = await updateUser(id!, body);
      void user.mutate(next, { revalidate: false });
      return next;
    },
  };
}
export type UserEditing = ReturnType<typeof useUserEditing>;
