import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { ArrowUndo20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { companyPaths, type MasterCompany } from '../../../../shared/contract/companies';
import { subdomainProblem } from '../../../../shared/validation/subdomain';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import type { PickerOption } from '../../../ui/reference-picker';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm, type FieldBinding } from '../../../ui/use-form';
import {
  createCompany,
  deleteCompany,
  forgetAnswers,
  restoreCompany,
  updateCompany,
  useCompany,
} from '../api';
import {
  clearCompanyDraft,
  keepInCompanyDraft,
  readCompanyDraft,
  type CompanyDraftField,
} from '../company-draft';
import { COMPANY_PICKERS, isEditCompanyPicker, PICKER_FIELD, type CompanyPicker } from '../company-pickers';
import { CompanyPickerRows } from '../components/company-picker-rows';
import { OpenAsAdministrator } from '../components/open-as-administrator';
import { useMasterStyles } from '../master.styles';
import { optionValue, useCompanyChoices } from './company-choices';

const REQUIRED = 'required';

/** The name of the option chosen, if it is one of the choices. */
const chosenName = (options: readonly PickerOption[], value: number | string | null) =>
  value === null ? undefined : options.find((option) => option.value === value)?.label;

/**
 * spec §2 /cx-manage-companies add-company and edit-company: the company's name, host and defaults.
 * The defaults are pickers, sub-screens of their own (company-picker-screen.tsx); adding also names
 * the first administrator, who is invited by mail. Editing offers delete (soft, with the purge
 * date) and restore.
 */
export default function CompanyScreen() {
  const param = useParams()['company_id'];
  return param === undefined ? <AddCompany /> : <EditCompany id={Number(param)} />;
}

/**
 * What is typed and picked is kept in the add-company draft as it changes (a picker replaces this
 * screen and comes back to it); Create sends it and empties the draft.
 */
function AddCompany() {
  const styles = useMasterStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { choices, loaded, error } = useCompanyChoices(COMPANY_PICKERS);
  const form = useForm<CompanyDraftField>(readCompanyDraft(), {
    name: REQUIRED,
    subdomain: REQUIRED,
    admin_email: 'required|email',
    country_id: REQUIRED,
    language_id: REQUIRED,
    timezone: REQUIRED,
    data_region_id: REQUIRED,
    company_type_id: REQUIRED,
  });
  const kept = (name: CompanyDraftField): FieldBinding => {
    const binding = form.field(name);
    return {
      ...binding,
      onValueChange: (value) => {
        binding.onValueChange(value);
        keepInCompanyDraft({ [name]: value });
      },
    };
  };
  const v = form.values;

  const submit = form.submit(
    async () => {
      const created = await createCompany({
        name: v.name.trim(),
        subdomain: v.subdomain.trim().toLowerCase(),
        country_id: Number(v.country_id),
        language_id: Number(v.language_id),
        timezone: v.timezone,
        data_region_id: Number(v.data_region_id),
        company_type_id: Number(v.company_type_id),
        admin_email: v.admin_email.trim(),
        admin_first_name: v.admin_first_name.trim(),
        admin_last_name: v.admin_last_name.trim(),
      });
      clearCompanyDraft();
      await forgetAnswers(companyPaths.list);
      navigate(href('r_cx-manage-companies-edit-company', { company_id: created.id }));
    },
    {
      check: () => {
        const problem = subdomainProblem(v.subdomain.trim().toLowerCase());
        if (problem) form.showFieldErrors({ subdomain: [problem] });
        return problem === null;
      },
    },
  );

  if (error) return <ErrorText message={errorMessage(error)} />;
  if (!loaded) return <Loader label={t('general.loading', 'Loading…')} />;

  const notChosen = t('master.companies.not-chosen', 'Not chosen');
  const rowOf = (picker: CompanyPicker) => {
    const field = PICKER_FIELD[picker];
    return {
      picker,
      value: chosenName(choices[picker], optionValue(picker, v[field])) ?? notChosen,
      to: href(`r_cx-manage-companies-add-company-${picker}`),
      error: form.errors[field],
      required: true,
    };
  };
  const title = t('master.companies.add', 'Add company');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={title}>
      <ErrorText message={form.failure} />
      <FormField {...kept('name')} label={t('master.companies.name', 'Name')} required maxLength={120} />
      <FormField
        {...kept('subdomain')}
        label={t('master.companies.subdomain', 'Subdomain')}
        hint={t('master.companies.subdomain-hint', 'The company’s address; it cannot change later.')}
        required
        maxLength={63}
      />
      <CompanyPickerRows rows={COMPANY_PICKERS.map(rowOf)} />
      <FormField
        {...kept('admin_email')}
        type="email"
        label={t('master.companies.admin-email', 'First administrator’s email')}
        hint={t('master.companies.admin-hint', 'They receive a link to choose their password.')}
        required
      />
      <FormField
        {...kept('admin_first_name')}
        label={t('master.companies.admin-first-name', 'First name')}
        maxLength={80}
      />
      <FormField
        {...kept('admin_last_name')}
        label={t('master.companies.admin-last-name', 'Last name')}
        maxLength={80}
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('master.companies.create', 'Create company')}</SubmitButton>
      </div>
    </form>
  );
}

/**
 * The name is saved with Save; each picker saves its own choice at once. The company type is shown
 * only: spec §2 lists no picker for it on edit-company.
 */
function EditCompany({ id }: { id: number }) {
  const styles = useMasterStyles();
  const t = useLabel();
  const when = useWhen();
  const company = useCompany(id);
  const { choices, loaded: listed, error } = useCompanyChoices(COMPANY_PICKERS);
  const form = useForm({ name: '', subdomain: '' }, { name: REQUIRED });
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = company.data;
  const { setValues } = form;
  useEffect(() => {
    if (loaded) setValues({ name: loaded.name, subdomain: loaded.subdomain });
  }, [loaded, setValues]);

  const failed = company.error ?? error;
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!loaded || !listed) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = form.submit(async () => {
    setSaved(false);
    await company.mutate(await updateCompany(id, { name: form.values.name.trim() }), {
      revalidate: false,
    });
    await forgetAnswers(companyPaths.all);
    setSaved(true);
  });

  const act = async (action: () => Promise<MasterCompany>) => {
    setConfirming(false);
    setBusy(true);
    setFailure(null);
    try {
      await company.mutate(await action(), { revalidate: false });
      await forgetAnswers(companyPaths.all);
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const deleted = loaded.deleted_at ? loaded : null;
  const rowOf = (picker: CompanyPicker) => ({
    picker,
    value: chosenName(choices[picker], loaded[PICKER_FIELD[picker]]) ?? '–',
    // A deleted company cannot be changed (the server answers 409) until it is restored.
    to:
      isEditCompanyPicker(picker) && !deleted
        ? href(`r_cx-manage-companies-edit-company-${picker}`, { company_id: id })
        : null,
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={loaded.name}>
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('master.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      {deleted && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>
            {t(
              'master.companies.deleted-until',
              'Deleted: its hosts no longer answer. Its data is purged on {date}.',
              {
                date: when.date(deleted.purge_after!),
              },
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure ?? form.failure} />
      <FormField
        {...form.field('name')}
        label={t('master.companies.name', 'Name')}
        required
        maxLength={120}
        readOnly={Boolean(deleted)}
      />
      <FormField
        {...form.field('subdomain')}
        label={t('master.companies.subdomain', 'Subdomain')}
        hint={t('master.companies.subdomain-fixed', 'The company’s address; it cannot change.')}
        maxLength={63}
        readOnly
      />
      <CompanyPickerRows rows={COMPANY_PICKERS.map(rowOf)} />
      <div className={styles.actions}>
        {!deleted && <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>}
        {!deleted && <OpenAsAdministrator company={loaded} />}
        {!deleted && (
          <Button disabled={busy} icon={<Delete20Regular aria-hidden />} onClick={() => setConfirming(true)}>
            {t('master.companies.delete', 'Delete company')}
          </Button>
        )}
        {deleted && (
          <Button
            disabled={busy}
            icon={<ArrowUndo20Regular aria-hidden />}
            onClick={() => void act(() => restoreCompany(id))}
          >
            {t('master.companies.restore', 'Restore company')}
          </Button>
        )}
      </div>
      {confirming && (
        <Dialog open onOpenChange={(_event, data) => setConfirming(data.open)} modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('master.companies.delete', 'Delete company')}</DialogTitle>
              <DialogContent>
                {t(
                  'master.companies.delete-confirm',
                  'Delete {name}? Its hosts stop answering at once and its users are signed out. Its data is kept for the grace period, then purged.',
                  { name: loaded.name },
                )}
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => void act(() => deleteCompany(id))}>
                  {t('master.companies.delete', 'Delete company')}
                </Button>
                <Button onClick={() => setConfirming(false)}>{t('general.actions.cancel', 'Cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </form>
  );
}
