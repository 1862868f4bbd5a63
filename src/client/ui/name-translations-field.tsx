import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { Language } from '../../shared/contract/reference';
import { MESSAGES } from '../../shared/validation/messages';
import { sayMessage } from '../i18n/messages';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: 'none',
    margin: 0,
    padding: 0,
  },
  legend: { padding: 0, marginBlockEnd: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
});

/** The names of one thing, by language id. */
export type NameValues = Readonly<Record<number, string>>;

export interface NameTranslationsFieldProps {
  legend: string;
  /** every company language, one input each */
  languages: readonly Language[];
  /** the company's own language: its name is required */
  requiredLanguageId: number;
  values: NameValues;
  errors: Readonly<Record<number, string | undefined>>;
  onValueChange(languageId: number, value: string): void;
  /** a committed value (blur), to validate */
  onCommit(languageId: number, value: string): void;
  maxLength?: number;
}

/** spec §5 for one name: the company's language is required, the others may stay empty. */
export function nameError(languageId: number, requiredLanguageId: number, value: string): string | undefined {
  return languageId === requiredLanguageId && value.trim() === '' ? MESSAGES.required : undefined;
}

/** The body's translations list: every language, in the order given (server errors name the index). */
export function namesBody(languages: readonly Language[], values: NameValues) {
  return languages.map((language) => ({ language_id: language.id, name: values[language.id] ?? '' }));
}

/**
 * Server field errors 'translations.{index}.name' (and 'translations') as errors by language id,
 * for a body built by namesBody from the same languages.
 */
export function nameErrorsFrom(
  languages: readonly Language[],
  requiredLanguageId: number,
  errors: Readonly<Record<string, string[]>> | undefined,
): Record<number, string> {
  const found: Record<number, string> = {};
  if (!errors) return found;
  for (const [field, messages] of Object.entries(errors)) {
    const match = /^translations\.(\d+)\./.exec(field);
    const language = match ? languages[Number(match[1])] : undefined;
    if (language && messages[0]) found[language.id] = messages[0];
    if (field === 'translations' && messages[0]) found[requiredLanguageId] = messages[0];
  }
  return found;
}

/** One labelled input per company language, the company's own first and marked required. */
export function NameTranslationsField({
  legend,
  languages,
  requiredLanguageId,
  values,
  errors,
  onValueChange,
  onCommit,
  maxLength = 120,
}: NameTranslationsFieldProps) {
  const styles = useStyles();
  const ordered = [
    ...languages.filter((language) => language.id === requiredLanguageId),
    ...languages.filter((language) => language.id !== requiredLanguageId),
  ];
  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{legend}</legend>
      {ordered.map((language) => {
        const error = sayMessage(errors[language.id]);
        const required = language.id === requiredLanguageId;
        return (
          <Field
            key={language.id}
            label={language.name}
            required={required}
            validationMessage={error}
            validationState={error ? 'error' : 'none'}
          >
            <Input
              name={`name-${language.code}`}
              lang={language.code}
              value={values[language.id] ?? ''}
              maxLength={maxLength}
              onChange={(_event, data) => onValueChange(language.id, data.value)}
              onBlur={(event) => onCommit(language.id, event.currentTarget.value)}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}
