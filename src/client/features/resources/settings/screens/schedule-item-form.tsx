import type { FormEvent, ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/paths';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import type { Checked } from '../checked';
import { useSettingsStyles } from '../settings.styles';
import { availabilityPath, failureMessage, ResourceName, useItemId, useResourceId } from './parts';
import { useCheckedForm } from './use-checked-form';

interface ItemList<T> {
  data?: { data: T[] };
  error?: unknown;
  mutate(): Promise<unknown>;
}

/** What a schedule item's form is given: its resource, the item (undefined: a new one), a reload. */
export interface ScheduleItemProps<T> {
  id: number;
  item: T | undefined;
  onSaved(): Promise<unknown>;
}

/**
 * An add/edit screen of a resource's schedule (availability, unavailability): loads the list, finds
 * the item the route names (none: 404) and shows the form for it.
 */
export function ScheduleItemScreen<T extends { id: number }>({
  itemParam,
  useItems,
  form,
}: {
  /** the route parameter naming the item being edited */
  itemParam: string;
  useItems(id: number | null): ItemList<T>;
  form(props: ScheduleItemProps<T>): ReactNode;
}) {
  const t = useLabel();
  const id = useResourceId();
  const itemId = useItemId(itemParam);
  const list = useItems(id);
  if (list.error) return <ErrorText message={failureMessage(list.error)} />;
  if (id === null || !list.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const item = itemId === null ? undefined : list.data.data.find((entry) => entry.id === itemId);
  if (itemId !== null && !item) return <Navigate to={href('r_404')} replace />;
  return form({ id, item, onSaved: () => list.mutate() });
}

/**
 * A schedule item form's sending: the client's check, then create or update, reload the list and
 * back to the availability screen; the errors beside the fields.
 */
export function useScheduleItemForm<T extends { id: number }, B>(
  { id, item, onSaved }: ScheduleItemProps<T>,
  calls: {
    create(id: number, body: B): Promise<unknown>;
    update(id: number, itemId: number, body: B): Promise<unknown>;
  },
) {
  const navigate = useNavigate();
  const form = useCheckedForm();
  const submit = (checked: Checked<B>) => {
    void form.send(checked, async (body) => {
      if (item) await calls.update(id, item.id, body);
      else await calls.create(id, body);
      await onSaved();
      navigate(availabilityPath(id));
    });
  };
  return { ...form, submit };
}

/** The frame of a schedule item form: the resource's name, a failure, the fields and Save. */
export function ScheduleItemFrame({
  id,
  title,
  pending,
  failure,
  onSubmit,
  children,
}: {
  id: number;
  title: string;
  pending: boolean;
  failure: string | null;
  onSubmit(): void;
  children: ReactNode;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={title}>
      <ResourceName id={id} />
      <ErrorText message={failure} />
      {children}
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
