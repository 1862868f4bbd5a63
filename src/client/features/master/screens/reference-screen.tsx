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
import { Delete20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { referencePaths } from '../../../../shared/contract/master-reference';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import {
  createReferenceRow,
  deleteReferenceRow,
  forgetAnswers,
  updateReferenceRow,
  useReferenceRow,
} from '../api';
import { useMasterStyles } from '../master.styles';
import { referenceScreenOf } from '../reference-kinds';

/** add-… and edit-…/:id of a reference list: code, name (and locale or symbol); delete unless in use. */
export default function ReferenceScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const config = referenceScreenOf(useLocation().pathname);
  const raw = Number(useParams()['id']);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const row = useReferenceRow(config.kind, id);
  const form = useForm(
    { code: '', name: '', locale: '', symbol: '' },
    {
      code: 'required',
      name: 'required',
      ...(config.extra.includes('locale') ? { locale: 'required' } : {}),
      ...(config.extra.includes('symbol') ? { symbol: 'required' } : {}),
    },
  );
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = row.data;
  const { setValues } = form;
  useEffect(() => {
    if (loaded)
      setValues({
        code: loaded.code,
        name: loaded.name,
        locale: loaded.locale ?? '',
        symbol: loaded.symbol ?? '',
      });
  }, [loaded, setValues]);

  if (row.error) return <ErrorText message={errorMessage(row.error)} />;
  if (id !== null && !loaded) return <Loader label={t('general.loading', 'Loading…')} />;
  const list = href(`r_cx-${config.segment}` as RouteName);

  const submit = form.submit(async () => {
    setSaved(false);
    const body = {
      code: form.values.code.trim(),
      name: form.values.name.trim(),
      ...Object.fromEntries(config.extra.map((field) => [field, form.values[field].trim()])),
    };
    if (id === null) {
      await createReferenceRow(config.kind, body);
      await forgetAnswers(referencePaths(config.kind).list);
      navigate(list);
      return;
    }
    await row.mutate(await updateReferenceRow(config.kind, id, body), { revalidate: false });
    await forgetAnswers(referencePaths(config.kind).list);
    setSaved(true);
  });

  const remove = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      await deleteReferenceRow(config.kind, id!);
      await forgetAnswers(referencePaths(config.kind).list);
      navigate(list);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={loaded?.name ?? t(config.add.code, config.add.english)}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('master.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <FormField {...form.field('code')} label={t('master.reference.code', 'Code')} required maxLength={32} />
      <FormField
        {...form.field('name')}
        label={t('master.reference.name', 'Name')}
        required
        maxLength={120}
      />
      {config.extra.includes('locale') && (
        <FormField
          {...form.field('locale')}
          label={t('master.reference.locale', 'Locale')}
          hint="fr-CH"
          required
          maxLength={16}
        />
      )}
      {config.extra.includes('symbol') && (
        <FormField
          {...form.field('symbol')}
          label={t('master.reference.symbol', 'Symbol')}
          required
          maxLength={8}
        />
      )}
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {loaded && (
          <Button
            icon={<Delete20Regular aria-hidden />}
            disabled={loaded.in_use > 0}
            onClick={() => setConfirming(true)}
          >
            {t('master.delete', 'Delete')}
          </Button>
        )}
      </div>
      {loaded && loaded.in_use > 0 && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('master.reference.in-use-hint', 'In use by {count} records: it cannot be deleted.', {
              count: loaded.in_use,
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      {confirming && (
        <Dialog open onOpenChange={(_event, data) => setConfirming(data.open)} modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('master.delete', 'Delete')}</DialogTitle>
              <DialogContent>
                {t('master.reference.delete-confirm', 'Delete {name}?', { name: loaded?.name ?? '' })}
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => void remove()}>
                  {t('master.delete', 'Delete')}
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
