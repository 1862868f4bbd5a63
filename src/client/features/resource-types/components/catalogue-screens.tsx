import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  SearchBox,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { pageGivenBack } from '../../../ui/page-given-back';
import { Loader } from '../../../ui/loader';
import {
  NameTranslationsField,
  nameError,
  nameErrorsFrom,
  namesBody,
  type NameValues,
} from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import {
  createItem,
  deleteItem,
  forgetCatalogue,
  updateItem,
  useCatalogueItem,
  useCatalogueList,
  type CatalogueBody,
  type CatalogueItem,
  type CataloguePaths,
} from './catalogue-api';
import { useCatalogueStyles } from './catalogue.styles';

/** One catalogue (resource types or resource attributes): its paths, routes, labels and fields. */
export interface CatalogueConfig {
  paths: CataloguePaths;
  permission: 'RESOURCE_TYPES' | 'RESOURCE_ATTRIBUTES';
  /** label code prefix: 'resource-types' */
  labels: string;
  english: { title: string; add: string; empty: string; confirm: string };
  routes: { list: string; add: string; edit: string; names: string };
  /** the route parameter of the edit screens */
  param: string;
  /** resource types can be marked as not bookable */
  bookable: boolean;
}

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/** spec §2 /resource-types, /resource-attributes: a searchable list, each entry opening its edit screen. */
export function CatalogueListScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const session = useInitialData();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useCatalogueList(config.paths, query);
  const mayAdd = can(session?.general_permissions ?? [], [config.permission, 'create']);
  const mayEdit = can(session?.general_permissions ?? [], [config.permission, 'update']);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        {mayAdd && (
          <AppLink to={href(config.routes.add)}>
            <Add20Regular aria-hidden /> {t(`${config.labels}.add`, config.english.add)}
          </AppLink>
        )}
      </div>
      {!list.data ? (
        list.error ? (
          <ErrorText message={list.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : list.data.items.length === 0 ? (
        <Body1 role="status">{t(`${config.labels}.empty`, config.english.empty)}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t(`${config.labels}.title`, config.english.title)}
          aria-busy={list.isValidating}
        >
          {list.data.items.map((item) => (
            <li key={item.id} className={styles.row}>
              {mayEdit ? (
                <AppLink to={href(config.routes.edit, { [config.param]: item.id })}>{item.name}</AppLink>
              ) : (
                <Body1>{item.name}</Body1>
              )}
              <Body1 className={styles.detail}>{item.key}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function useCompanyLanguages() {
  const session = useInitialData();
  return {
    languages: session?.languages ?? [],
    companyLanguageId: session?.company?.language_id ?? session?.languages[0]?.id ?? 0,
    ready: session !== null,
  };
}

function namesOf(item: CatalogueItem | undefined): NameValues {
  return Object.fromEntries((item?.translations ?? []).map((entry) => [entry.language_id, entry.name]));
}

/** Key, icon and (for types) bookable: the fields of the add and edit screens. */
function useDetails(config: CatalogueConfig) {
  const [key, setKey] = useState('');
  const [icon, setIcon] = useState('');
  const [bookable, setBookable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const body = (): CatalogueBody => ({
    ...(key.trim() !== '' ? { key: key.trim() } : {}),
    icon: icon.trim() === '' ? null : icon.trim(),
    ...(config.bookable ? { is_bookable: bookable } : {}),
  });
  const load = (item: CatalogueItem) => {
    setKey(item.key);
    setIcon(item.icon ?? '');
    setBookable(item.is_bookable ?? true);
  };
  return { key, setKey, icon, setIcon, bookable, setBookable, errors, setErrors, body, load };
}

function DetailFields({
  config,
  details,
}: {
  config: CatalogueConfig;
  details: ReturnType<typeof useDetails>;
}) {
  const t = useLabel();
  return (
    <>
      <Field
        label={t(`${config.labels}.key`, 'Key')}
        hint={t(
          `${config.labels}.key-hint`,
          'Lower-case letters, digits and hyphens; taken from the name when empty.',
        )}
        validationMessage={details.errors.key}
        validationState={details.errors.key ? 'error' : 'none'}
      >
        <Input
          name="key"
          value={details.key}
          maxLength={64}
          onChange={(_e, data) => details.setKey(data.value)}
        />
      </Field>
      <Field
        label={t(`${config.labels}.icon`, 'Icon')}
        validationMessage={details.errors.icon}
        validationState={details.errors.icon ? 'error' : 'none'}
      >
        <Input
          name="icon"
          value={details.icon}
          maxLength={64}
          onChange={(_e, data) => details.setIcon(data.value)}
        />
      </Field>
      {config.bookable && (
        <Checkbox
          label={t(`${config.labels}.bookable`, 'Bookable')}
          checked={details.bookable}
          onChange={(_e, data) => details.setBookable(data.checked === true)}
        />
      )}
    </>
  );
}

/** Names by language with spec §5 validation on blur; server errors land beside their language. */
function useNames(initial: NameValues) {
  const { languages, companyLanguageId } = useCompanyLanguages();
  const [values, setValues] = useState<NameValues>(initial);
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const props = {
    languages,
    requiredLanguageId: companyLanguageId,
    values,
    errors,
    onValueChange: (id: number, value: string) => setValues((previous) => ({ ...previous, [id]: value })),
    onCommit: (id: number, value: string) =>
      setErrors((previous) => ({ ...previous, [id]: nameError(id, companyLanguageId, value) })),
  };
  const validateAll = () => {
    const message = nameError(companyLanguageId, companyLanguageId, values[companyLanguageId] ?? '');
    setErrors({ [companyLanguageId]: message });
    return message === undefined;
  };
  const body = () => namesBody(languages, values);
  const showServerErrors = (fieldErrors: Record<string, string[]> | undefined) =>
    setErrors(nameErrorsFrom(languages, companyLanguageId, fieldErrors));
  return { props, setValues, validateAll, body, showServerErrors };
}

const failureMessage = errorMessage;

/** add: the details and the names in every company language, sent as one request. */
export function CatalogueAddScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { ready } = useCompanyLanguages();
  const details = useDetails(config);
  const names = useNames({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!ready) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!names.validateAll()) return;
    setPending(true);
    try {
      await createItem(config.paths, { ...details.body(), translations: names.body() });
      forgetCatalogue(config.paths);
      navigate(href(config.routes.list));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      names.showServerErrors(fieldErrors);
      details.setErrors({ key: fieldErrors?.key?.[0], icon: fieldErrors?.icon?.[0] });
      if (!fieldErrors) setFailure(failureMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(`${config.labels}.add`, config.english.add)}
    >
      <ErrorText message={failure} />
      <NameTranslationsField
        {...names.props}
        legend={t(`${config.labels}.name-translations`, 'Name translations')}
      />
      <DetailFields config={config} details={details} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}

function useRouteId(config: CatalogueConfig): number | null {
  const raw = useParams()[config.param];
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

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

  if (item.error) return <ErrorText message={failureMessage(item.error)} />;
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
      if (!fieldErrors?.key && !fieldErrors?.icon) setFailure(failureMessage(error));
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
      setFailure(failureMessage(error));
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

/** edit/:id/name-translations: one field per company language; saved together, then back. */
export function CatalogueNamesScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const id = useRouteId(config);
  const item = useCatalogueItem(config.paths, id);
  const names = useNames({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { setValues } = names;
  const loaded = item.data;
  useEffect(() => {
    if (loaded) setValues(namesOf(loaded));
  }, [loaded, setValues]);

  if (item.error) return <ErrorText message={failureMessage(item.error)} />;
  if (!item.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!names.validateAll()) return;
    setPending(true);
    try {
      await item.mutate(await updateItem(config.paths, id, { translations: names.body() }), {
        revalidate: false,
      });
      forgetCatalogue(config.paths);
      navigate(href(config.routes.edit, { [config.param]: id }));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      names.showServerErrors(fieldErrors);
      if (!fieldErrors) setFailure(failureMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(`${config.labels}.name-translations`, 'Name translations')}
    >
      <ErrorText message={failure} />
      <NameTranslationsField {...names.props} legend={item.data.name} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
