// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NameTranslationsField,
  nameError,
  nameErrorsFrom,
  namesBody,
  type NameValues,
} from './name-translations-field';

const LANGUAGES = [
  { id: 1, code: 'en', locale: 'en-GB', name: 'English' },
  { id: 2, code: 'fr', locale: 'fr-FR', name: 'Français' },
  { id: 3, code: 'de', locale: 'de-DE', name: 'Deutsch' },
];

function Names({ company = 2 }: { company?: number }) {
  const [values, setValues] = useState<NameValues>({ 1: 'Desk' });
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  return (
    <FluentProvider theme={webLightTheme}>
      <NameTranslationsField
        legend="Name translations"
        languages={LANGUAGES}
        requiredLanguageId={company}
        values={values}
        errors={errors}
        onValueChange={(id, value) => setValues((previous) => ({ ...previous, [id]: value }))}
        onCommit={(id, value) =>
          setErrors((previous) => ({ ...previous, [id]: nameError(id, company, value) }))
        }
      />
    </FluentProvider>
  );
}

afterEach(cleanup);

describe('name translations field', () => {
  it('shows one labelled field per language, the company’s language first', () => {
    render(<Names />);
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((field) => field.getAttribute('lang'))).toEqual(['fr', 'en', 'de']);
    expect(screen.getByRole('group', { name: 'Name translations' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /English/ }) as HTMLInputElement).value).toBe('Desk');
  });

  it('requires the company’s language on blur (spec §5), and only that one', async () => {
    const user = userEvent.setup();
    render(<Names />);
    await user.tab(); // Français, the company's language
    await user.tab(); // English
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /English/ }));
    await user.tab();
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: /Français/ }), 'Bureau');
    await user.tab();
    expect(screen.queryByText('This field is required.')).toBeNull();
  });
});

describe('name translations body and server errors', () => {
  it('sends every language in order, and maps translations.{index}.name back to the language', () => {
    expect(namesBody(LANGUAGES, { 3: 'Tisch' })).toEqual([
      { language_id: 1, name: '' },
      { language_id: 2, name: '' },
      { language_id: 3, name: 'Tisch' },
    ]);
    expect(
      nameErrorsFrom(LANGUAGES, 1, {
        'translations.2.name': ['The name has already been taken.'],
        translations: ['This field is required.'],
      }),
    ).toEqual({ 3: 'The name has already been taken.', 1: 'This field is required.' });
    expect(nameErrorsFrom(LANGUAGES, 1, undefined)).toEqual({});
  });
});
