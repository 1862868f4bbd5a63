import { Button, SearchBox } from '@fluentui/react-components';
import { Checkmark20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { useInitialData } from '../../../session/hooks';
import { Loader } from '../../../ui/loader';
import { ErrorText } from '../../../ui/error-text';
import { updateCompanyProfile, useCompanyProfile } from '../api';
import { changeFor, currentValue, filterOptions, pickerOptions, type ProfileField } from '../picker-options';
import { useProfileStyles } from './company-profile.styles';

const FIELDS: readonly ProfileField[] = ['country', 'language', 'currency', 'timezone'];

/** One picker of the company profile: search, choose, saved at once, back to the profile. */
export default function ProfilePickerScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const field =
    FIELDS.find((name) => pathname.toLowerCase().replace(/\/+$/, '').endsWith(`/${name}`)) ?? 'country';
  const session = useInitialData();
  const profile = useCompanyProfile();
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState<number | string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const options = useMemo(() => (session ? pickerOptions(field, session) : []), [field, session]);

  if (!profile.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  const selected = currentValue(field, profile.data);

  const choose = async (value: number | string) => {
    setSaving(value);
    setFailure(null);
    try {
      await profile.mutate(await updateCompanyProfile(changeFor(field, value)), { revalidate: false });
      navigate(href('r_company-profile'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
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
      <ul className={styles.options}>
        {filterOptions(options, query).map((option) => (
          <li key={option.value}>
            <Button
              className={styles.option}
              appearance={option.value === selected ? 'primary' : 'subtle'}
              aria-current={option.value === selected ? 'true' : undefined}
              disabled={saving !== null}
              icon={option.value === selected ? <Checkmark20Regular /> : undefined}
              iconPosition="after"
              onClick={() => void choose(option.value)}
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
