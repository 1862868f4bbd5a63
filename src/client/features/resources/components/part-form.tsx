import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Resource } from '../../../../shared/contract/resources';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { forgetResourceLists, useResource } from '../api';
import { useResourceStyles } from '../screens/resources.styles';
import { useResourceId } from './use-resource-id';

export type FieldErrorMap = Record<string, string | undefined>;

export interface PartFormProps<V> {
  label: string;
  /** the form's values from the resource as it is */
  initial(resource: Resource): V;
  /** client checks before sending: field errors by body field */
  check?(values: V): FieldErrorMap;
  /** sends the part; answers the resource as it is now */
  send(id: number, values: V): Promise<Resource>;
  children(
    values: V,
    change: (change: Partial<V>) => void,
    errors: FieldErrorMap,
    resource: Resource,
  ): ReactNode;
  /** more of the screen below the form (the capacity's dates) */
  after?: ReactNode;
}

/**
 * One part of a resource (spec §2 edit sub-screens): a small form that sends just that part, puts
 * the answer in the cache the hub reads, and goes back to the hub.
 */
export function PartForm<V extends object>({
  label,
  initial,
  check,
  send,
  children,
  after,
}: PartFormProps<V>) {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const id = useResourceId();
  const resource = useResource(id);
  const [edited, setEdited] = useState<V | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { pending, failure, setFailure, run } = useSubmit();
  if (resource.error) return <ErrorText message={resource.error.message} />;
  if (!resource.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const loaded = resource.data;
  // Until the user changes something, the form shows the resource as it is.
  const values = edited ?? initial(loaded);

  const change = (next: Partial<V>) => {
    setEdited((current) => ({ ...(current ?? initial(loaded)), ...next }));
    setErrors((current) => {
      const left = { ...current };
      for (const key of Object.keys(next)) delete left[key];
      return left;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check?.(values) ?? {};
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    await run(
      async () => {
        const saved = await send(id, values);
        await resource.mutate(saved, { revalidate: false });
        forgetResourceLists();
        navigate(href('r_resources-edit', { resource_id: id }));
      },
      (fieldErrors) => setErrors(firstMessages(fieldErrors)),
    );
  };

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
        {children(values, change, errors, resource.data)}
        <ErrorText message={failure} />
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      </form>
      {after}
    </div>
  );
}
