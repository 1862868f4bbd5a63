import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { companyPaths, type UpdateCompanyBody } from '../../../../shared/contract/companies';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { ReferencePicker } from '../../../ui/reference-picker';
import { forgetAnswers, updateCompany, useCompany } from '../api';
import { keepInCompanyDraft, useCompanyDraft } from '../company-draft';
import { PICKER_FIELD, PICKER_TITLE, pickerOfPath, type CompanyPicker } from '../company-pickers';
import { optionValue, useCompanyChoices } from './company-choices';

const changeFor = (picker: CompanyPicker, value: number | string): UpdateCompanyBody =>
  picker === 'timezone' ? { timezone: String(value) } : { [PICKER_FIELD[picker]]: Number(value) };

/**
 * spec §2 /cx-manage-companies add-company and edit-company pickers: search, choose, back to the
 * form. Adding, the choice goes into the add-company draft; editing, it is saved at once (PUT
 * companies/{id}), and a refusal stays here with the server's message.
 */
export default function CompanyPickerScreen() {
  const t = useLabel();
  const navigate = useNavigate();
  const picker = pickerOfPath(useLocation().pathname) ?? 'country';
  const param = useParams()['company_id'];
  const id = param === undefined ? null : Number(param);
  const company = useCompany(id);
  const draft = useCompanyDraft();
  const { choices, loaded, error } = useCompanyChoices([picker]);
  const field = PICKER_FIELD[picker];

  const failed = error ?? company.error;
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!loaded || (id !== null && !company.data)) return <Loader label={t('general.loading', 'Loading…')} />;

  const selected = id === null ? optionValue(picker, draft[field]) : company.data![field];
  return (
    <ReferencePicker
      label={t(PICKER_TITLE[picker].code, PICKER_TITLE[picker].english)}
      options={choices[picker]}
      selected={selected}
      choose={async (value) => {
        if (id === null) {
          keepInCompanyDraft({ [field]: String(value) });
          navigate(href('r_cx-manage-companies-add-company'));
          return;
        }
        const updated = await updateCompany(id, changeFor(picker, value), { silent: true });
        await company.mutate(updated, { revalidate: false });
        await forgetAnswers(companyPaths.all);
        navigate(href('r_cx-manage-companies-edit-company', { company_id: id }));
      }}
    />
  );
}
