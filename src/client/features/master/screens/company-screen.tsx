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
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import {
  createCompany,
  deleteCompany,
  forgetAnswers,
  restoreCompany,
  updateCompany,
  useCompany,
  useReferenceRows,
} from '../api';
import { OpenAsAdministrator } from '../components/open-as-administrator';
import { PickerField } from '../components/picker-field';
import { useMasterStyles } from '../master.styles';
import { companyChoices } from './company-choices';

const EMPTY = {
  name: '',
  subdomain: '',
  admin_email: '',
  admin_first_name: '',
  admin_last_name: '',
  country_id: '',
  language_id: '',
  timezone: '',
  currency_id: '',
  data_region_id: '',
  company_type_id: '',
};
type Values = typeof EMPTY;
const PICKERS = 'required';

const valuesOf = (company: MasterCompany): Values => ({
  ...EMPTY,
  name: company.name,
  subdomain: company.subdomain,
  country_id: String(company.country_id),
  language_id: String(company.language_id),
  timezone: company.timezone,
  currency_id: String(company.currency_id),
  data_region_id: String(company.data_region_id),
  company_type_id: String(company.company_type_id),
});

/**
 * spec §2 /cx-manage-companies add-company and edit-company: the company's name, host and defaults
 * (pickers for country, language, timezone, data region, company type); adding also names the first
 * administrator, who is invited by mail. Editing offers delete (soft, with the purge date) and restore.
 */
export default function CompanyScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const when = useWhen();
  const navigate = useNavigate();
  const raw = Number(useParams()['company_id']);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const adding = id === null;
  const company = useCompany(id);
  const session = useInitialData();
  const lists = {
    country: useReferenceRows('countries').data?.data,
    language: useReferenceRows('languages').data?.data,
    currency: useReferenceRows('currencies').data?.data,
    region: useReferenceRows('data-regions').data?.data,
    type: useReferenceRows('company-types').data?.data,
  };
  const choices = companyChoices(lists, session?.timezones ?? []);
  const form = useForm<keyof Values>(EMPTY, {
    name: 'required',
    ...(adding ? { subdomain: 'required', admin_email: 'required|email' } : {}),
    country_id: PICKERS,
    language_id: PICKERS,
    timezone: PICKERS,
    data_region_id: PICKERS,
    company_type_id: PICKERS,
  });
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = company.data;
  const { setValues } = form;
  useEffect(() => {
    if (loaded) setValues(valuesOf(loaded));
  }, [loaded, setValues]);

  if (company.error) return <ErrorText message={errorMessage(company.error)} />;
  if (!adding && !loaded) return <Loader label={t('general.loading', 'Loading…')} />;

  const v = form.values;
  const defaults = {
    name: v.name.trim(),
    country_id: Number(v.country_id),
    language_id: Number(v.language_id),
    timezone: v.timezone,
    data_region_id: Number(v.data_region_id),
    company_type_id: Number(v.company_type_id),
    ...(v.currency_id ? { currency_id: Number(v.currency_id) } : {}),
  };

  const submit = form.submit(
    async () => {
      setSaved(false);
      if (adding) {
        const created = await createCompany({
          ...defaults,
          subdomain: v.subdomain.trim().toLowerCase(),
          admin_email: v.admin_email.trim(),
          admin_first_name: v.admin_first_name.trim(),
          admin_last_name: v.admin_last_name.trim(),
        });
        await forgetAnswers(companyPaths.list);
        navigate(href('r_cx-manage-companies-edit-company', { company_id: created.id }), {
          state: { created: true },
        });
        return;
      }
      await company.mutate(await updateCompany(id, defaults), { revalidate: false });
      await forgetAnswers(companyPaths.all);
      setSaved(true);
    },
    {
      check: () => {
        if (!adding) return true;
        const problem = subdomainProblem(v.subdomain.trim().toLowerCase());
        if (problem) form.showFieldErrors({ subdomain: [problem] });
        return problem === null;
      },
    },
  );

  const act = async (action: () => Promise<MasterCompany>) => {
    setConfirming(false);
    setBusy(true);
    setFailure(null);
    try {
      await company.mutate(await action(), { revalidate: false });
      await forgetAnswers(companyPaths.all);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const deleted = loaded?.deleted_at ? loaded : null;
  const title = adding ? t('master.companies.add', 'Add company') : (loaded?.name ?? '');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={title}>
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
      />
      <FormField
        {...form.field('subdomain')}
        label={t('master.companies.subdomain', 'Subdomain')}
        hint={
          adding
            ? t('master.companies.subdomain-hint', 'The company’s address; it cannot change later.')
            : t('master.companies.subdomain-fixed', 'The company’s address; it cannot change.')
        }
        required={adding}
        maxLength={63}
        readOnly={!adding}
      />
      <PickerField
        binding={form.field('country_id')}
        label={t('master.companies.country', 'Country')}
        choices={choices.country}
        required
      />
      <PickerField
        binding={form.field('language_id')}
        label={t('master.companies.language', 'Language')}
        choices={choices.language}
        required
      />
      <PickerField
        binding={form.field('timezone')}
        label={t('master.companies.timezone', 'Timezone')}
        choices={choices.timezone}
        required
      />
      <PickerField
        binding={form.field('data_region_id')}
        label={t('master.companies.data-region', 'Data region')}
        choices={choices.region}
        required
      />
      <PickerField
        binding={form.field('company_type_id')}
        label={t('master.companies.company-type', 'Company type')}
        choices={choices.type}
        required
      />
      <PickerField
        binding={form.field('currency_id')}
        label={t('master.companies.currency', 'Currency')}
        choices={choices.currency}
      />
      {adding && (
        <>
          <FormField
            {...form.field('admin_email')}
            type="email"
            label={t('master.companies.admin-email', 'First administrator’s email')}
            hint={t('master.companies.admin-hint', 'They receive a link to choose their password.')}
            required
          />
          <FormField
            {...form.field('admin_first_name')}
            label={t('master.companies.admin-first-name', 'First name')}
            maxLength={80}
          />
          <FormField
            {...form.field('admin_last_name')}
            label={t('master.companies.admin-last-name', 'Last name')}
            maxLength={80}
          />
        </>
      )}
      <div className={styles.actions}>
        {!deleted && (
          <SubmitButton pending={form.pending}>
            {adding ? t('master.companies.create', 'Create company') : t('general.actions.save', 'Save')}
          </SubmitButton>
        )}
        {!adding && !deleted && loaded && <OpenAsAdministrator company={loaded} />}
        {!adding && !deleted && (
          <Button disabled={busy} icon={<Delete20Regular aria-hidden />} onClick={() => setConfirming(true)}>
            {t('master.companies.delete', 'Delete company')}
          </Button>
        )}
        {deleted && (
          <Button
            disabled={busy}
            icon={<ArrowUndo20Regular aria-hidden />}
            onClick={() => void act(() => restoreCompany(id!))}
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
                  { name: loaded?.name ?? '' },
                )}
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => void act(() => deleteCompany(id!))}>
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
