import {
  Body1,
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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { pageGivenBack } from '../../../ui/page-given-back';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { deleteItem, forgetCatalogue, updateItem, useCatalogueItem } from './catalogue-api';
import type { CatalogueConfig } from './catalogue-config';
import { DetailFields, useDetails, useRouteId } from './catalogue-fields';
import { useCatalogueStyles } from './catalogue.styles';

/** edit/:id: key, icon, bookable; a link to the names; delete after a confirmation. */
export function CatalogueEditScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const id = useRouteId(config);
  const item = useCatalogueItem(config.paths, id);
  const details = useDetails(config);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [deleting, setDeleting] = useState(false);
  const mayDelete = can(session?.general_permissions ?? [], [config.permission, 'delete']);
  const { load } = details;
  const loaded = item.data;
  useEffect(() => {
    if (loaded) load(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per answer
  }, [loaded]);

  if (item.error) return <ErrorText message={errorMessage(item.error)} />;
  if (!item.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const current = item.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    setPending(true);
    try {
      await item.mutate(await updateItem(config.paths, id, { ...details.body(), key: details.key.trim() }), {
        revalidate: false,
      });
      forgetCatalogue(config.paths);
      details.setErrors({});
      setSaved(true);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      details.setErrors({ key: fieldErrors?.key?.[0], icon: fieldErrors?.icon?.[0] });
      if (!fieldErrors?.key && !fieldErrors?.icon) setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    // The dialog closes (its exit animation included) before the screen goes: a modal unmounted
    // while open leaves the aria-hidden it put on the rest of the page, hiding the next screen.
    setConfirming(false);
    setDeleting(true);
    try {
      await Promise.all([deleteItem(config.paths, id), pageGivenBack(formRef.current)]);
      forgetCatalogue(config.paths);
      navigate(href(config.routes.list));
    } catch (error) {
      setFailure(errorMessage(error));
      setDeleting(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={current.name}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t(`${config.labels}.saved`, 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <div className={styles.row}>
        <Body1>{t(`${config.labels}.name-translations`, 'Name translations')}</Body1>
        <AppLink
          to={href(config.routes.names, { [config.param]: id })}
          aria-label={`${t(`${config.labels}.name-translations`, 'Name translations')}: ${current.name}`}
        >
          {current.name}
        </AppLink>
      </div>
      <DetailFields config={config} details={details} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {mayDelete && (
          <Button
            disabled={deleting}
            icon={<Delete20Regular aria-hidden />}
            onClick={() => {
              setAsked(true);
              setConfirming(true);
            }}
          >
            {t(`${config.labels}.delete`, 'Delete')}
          </Button>
        )}
      </div>
      {/* Mounted once asked for: before that, tabster's focus sentinels would be on every edit screen. */}
      {asked && (
        <Dialog open={confirming} onOpenChange={(_event, data) => setConfirming(data.open)} modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t(`${config.labels}.delete`, 'Delete')}</DialogTitle>
              <DialogContent>
                {t(`${config.labels}.delete-confirm`, config.english.confirm, { name: current.name })}
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" disabled={deleting} onClick={() => void remove()}>
                  {t(`${config.labels}.delete`, 'Delete')}
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
