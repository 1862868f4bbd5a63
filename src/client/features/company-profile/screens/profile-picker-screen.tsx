import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { Loader } from '../../../ui/loader';
import { ReferencePicker } from '../../../ui/reference-picker';
import { updateCompanyProfile, useCompanyProfile } from '../api';
import { changeFor, currentValue, pickerOptions, type ProfileField } from '../picker-options';

const FIELDS: readonly ProfileField[] = ['country', 'language', 'currency', 'timezone'];

/** One picker of the company profile: search, choose, saved at once, back to the profile. */
export default function ProfilePickerScreen() {
  const t = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const field =
    FIELDS.find((name) => pathname.toLowerCase().replace(/\/+$/, '').endsWith(`/${name}`)) ?? 'country';
  const session = useInitialData();
  const profile = useCompanyProfile();
  const options = useMemo(() => (session ? pickerOptions(field, session) : []), [field, session]);

  if (!profile.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ReferencePicker
      options={options}
      selected={currentValue(field, profile.data)}
      choose={async (value) => {
        await profile.mutate(await updateCompanyProfile(changeFor(field, value)), { revalidate: false });
        navigate(href('r_company-profile'));
      }}
    />
  );
}
