import { Field, Select } from '@fluentui/react-components';
import { useState } from 'react';
import type { UpdateUserBody } from '../../../../shared/contract/users';
import type { UserEditing } from './use-user-editing';
import { UserSubScreenForm, useSaveAndReturn } from './user-sub-screen';

/** One of the user's settings picked from a list (language, timezone, country) and saved. */
export function SettingSelect({
  editing,
  title,
  initial,
  options,
  toBody,
}: {
  editing: UserEditing;
  title: string;
  initial: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  toBody: (value: string) => UpdateUserBody;
}) {
  const [value, setValue] = useState(initial);
  const form = useSaveAndReturn(editing);
  return (
    <UserSubScreenForm
      title={title}
      mayWrite={editing.mayWrite}
      pending={form.pending}
      failure={form.failure}
      onSubmit={() => form.save(toBody(value))}
    >
      <Field label={title}>
        <Select value={value} onChange={(_event, data) => setValue(data.value)} disabled={!editing.mayWrite}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </UserSubScreenForm>
  );
}
