import { Body1, Checkbox } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { SubmitButton } from '../../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../../ui/use-submit';
import { useSettingsStyles } from '../settings.styles';
import { hubPath, ResourceName, useMayUpdate } from './parts';

export interface ChecklistFormProps {
  id: number;
  /** the form's accessible name */
  label: string;
  /** what can be chosen, in the order shown */
  items: readonly { id: number; name: string }[];
  chosenIds: readonly number[];
  /** the body field of the ids: its error shows as the form's message */
  field: string;
  legend: string;
  /** shown instead of the list when there is nothing to choose */
  empty: string;
  /** above the message, from what is chosen now */
  intro?(chosen: ReadonlySet<number>): ReactNode;
  /** sends the chosen ids (in the items' order) and puts the answer where the screens read it */
  save(ids: number[]): Promise<unknown>;
}

/**
 * A resource setting that is a list of ids (who may book, which services): checkboxes saved with
 * one PUT, then back to the hub. Without RESOURCES update the list is only shown.
 */
export function ChecklistForm({
  id,
  label,
  items,
  chosenIds,
  field,
  legend,
  empty,
  intro,
  save,
}: ChecklistFormProps) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const mayUpdate = useMayUpdate();
  const [chosen, setChosen] = useState(() => new Set(chosenIds));
  const { pending, failure, setFailure, run } = useSubmit();

  const toggle = (itemId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(itemId);
    else next.delete(itemId);
    setChosen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      async () => {
        await save(items.filter((item) => chosen.has(item.id)).map((item) => item.id));
        navigate(hubPath(id));
      },
      // The list's error is the form's message; another field's shows as the message too.
      (fieldErrors) => {
        const message = firstMessages(fieldErrors, { atList: true })[field];
        if (!message) return false;
        setFailure(message);
      },
    );
  };

  return (
    <form className={styles.page} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <ResourceName id={id} />
      {intro?.(chosen)}
      <ErrorText message={failure} />
      {items.length === 0 ? (
        <Body1 role="status">{empty}</Body1>
      ) : (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{legend}</legend>
          {items.map((item) => (
            <Checkbox
              key={item.id}
              label={item.name}
              checked={chosen.has(item.id)}
              disabled={!mayUpdate}
              onChange={(_event, data) => toggle(item.id, data.checked === true)}
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
