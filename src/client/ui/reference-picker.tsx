import { Button, makeStyles, SearchBox, tokens } from '@fluentui/react-components';
import { Checkmark20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { matchesSearch } from '../../shared/text/search';
import { ApiError, errorMessage } from '../api/errors';
import { useLabel } from '../i18n/i18n';
import { ErrorText } from './error-text';

export interface PickerOption {
  /** what is sent: an id, or the IANA name for a timezone */
  value: number | string;
  label: string;
  detail: string;
}

const useStyles = makeStyles({
  options: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
  option: { width: '100%', justifyContent: 'space-between' },
  value: { color: tokens.colorNeutralForeground2 },
});

/** Options whose label or detail contains the query, ignoring case and accents. */
export function filterOptions(options: readonly PickerOption[], query: string): PickerOption[] {
  return options.filter(
    (option) => matchesSearch(option.label, query) || matchesSearch(option.detail, query),
  );
}

/**
 * A searchable list of reference entries (country, language, currency, timezone): the chosen one
 * marked, a press chooses another (`choose` saves it; a failure stays on the screen, a refusal as
 * the server's first field message). `label` names the list for screen readers.
 */
export function ReferencePicker({
  options,
  selected,
  choose,
  label,
}: {
  options: readonly PickerOption[];
  selected: number | string | null;
  choose: (value: number | string) => Promise<void>;
  label?: string;
}) {
  const styles = useStyles();
  const t = useLabel();
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState<number | string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (value: number | string) => {
    setSaving(value);
    setFailure(null);
    try {
      await choose(value);
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? errorMessage(error)
          : error instanceof Error
            ? error.message
            : String(error),
      );
      setSaving(null);
    }
  };

  return (
    <>
      <SearchBox
        aria-label={t('general.actions.search', 'Search')}
        placeholder={t('general.actions.search', 'Search')}
        value={query}
        onChange={(_event, data) => setQuery(data.value)}
      />
      <ErrorText message={failure} />
      <ul className={styles.options} aria-label={label}>
        {filterOptions(options, query).map((option) => (
          <li key={option.value}>
            <Button
              className={styles.option}
              appearance={option.value === selected ? 'primary' : 'subtle'}
              aria-current={option.value === selected ? 'true' : undefined}
              disabled={saving !== null}
              icon={option.value === selected ? <Checkmark20Regular /> : undefined}
              iconPosition="after"
              onClick={() => void pick(option.value)}
            >
              {option.label}{' '}
              {/* On the chosen one's brand background the muted colour would be unreadable. */}
              <span className={option.value === selected ? undefined : styles.value}>{option.detail}</span>
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
