import { Field, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

/** spec §2 /level country: where the level is (public holidays, addresses). */
export default function LevelCountryScreen() {
  const editing = useLevelEditing();
  if (!editing.values || !editing.session) return <LevelLoading />;
  return <CountryForm editing={editing} initial={editing.values.country_id} />;
}

function CountryForm({ editing, initial }: { editing: LevelEditing; initial: number | null }) {
  const t = useLabel();
  const [country, setCountry] = useState(initial === null ? '' : String(initial));
  const form = useSubScreenSubmit(editing);
  const error = form.errorOf('country_id');
  return (
    <LevelSubScreenForm
      title={t('levels.country', 'Country')}
      mayWrite={editing.mayWrite}
      pending={form.pending}
      failure={form.failure}
      onSubmit={() => void form.submit({ country_id: country ? Number(country) : null }, ['country_id'])}
    >
      <Field
        label={t('levels.country', 'Country')}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Select value={country} onChange={(_event, data) => setCountry(data.value)}>
          <option value="">{t('levels.no-country', 'No country')}</option>
          {editing.session!.countries.map((entry) => (
            <option key={entry.id} value={String(entry.id)}>
              {entry.name}
            </option>
          ))}
        </Select>
      </Field>
    </LevelSubScreenForm>
  );
}
