import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { Loader } from '../../../ui/loader';
import { ReferencePicker } from '../../../ui/reference-picker';
import { pickerOptions } from '../../company-profile/picker-options';
import { updateProfile, useProfile } from '../api';

const FIELDS = ['language', 'timezone', 'country'] as const;
type Field = (typeof FIELDS)[number];

const changeFor = (field: Field, value: number | string) =>
  field === 'timezone'
    ? { timezone: String(value) }
    : field === 'language'
      ? { language_id: Number(value) }
      : { country_id: Number(value) };

/** spec §2 /profile language, timezone, country: search, choose, saved at once, back to the profile. */
export default function ProfileFieldScreen() {
  const t = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const field =
    FIELDS.find((name) => pathname.toLowerCase().replace(/\/+$/, '').endsWith(`/${name}`)) ?? 'language';
  const session = useInitialData();
  const profile = useProfile();
  const options = useMemo(() => (session ? pickerOptions(field, session) : []), [field, session]);

  if (!profile.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  const selected =
    field === 'timezone'
      ? profile.data.timezone
      : field === 'language'
        ? profile.data.language_id
        : profile.data.country_id;
  return (
    <ReferencePicker
      options={options}
      selected={selected}
      choose={async (value) => {
        await updateProfile(changeFor(field, value));
        // A new language shows at once: the page loads again in it (labels come with the session).
        if (field === 'language' && value !== profile.data?.language_id) {
          window.location.assign(href('r_profile'));
          return;
        }
        navigate(href('r_profile'));
      }}
    />
  );
}
