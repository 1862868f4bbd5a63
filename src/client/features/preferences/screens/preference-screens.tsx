import { Badge, Body1, Button, Caption1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  preferencePaths,
  type Preference,
  type UserPreference,
  type UserPreferencesResponse,
} from '../../../../shared/contract/preferences';
import { can } from '../../../../shared/permissions/can';
import { preferenceValueErrors } from '../../../../shared/validation/preferences';
import { api } from '../../../api/client';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useRouteTable } from '../../../routing/table-context';
import { useInitialData } from '../../../session/hooks';
import {
  initialDataAtom,
  loadMenuPreferences,
  menuPreferencesAtom,
  sessionStore,
} from '../../../session/session';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import {
  isUserPreference,
  returnToCompanyValue,
  saveCompanyPreference,
  saveUserPreference,
  usePreferenceCategories,
  usePreferences,
  type PreferenceScope,
} from '../api';
import {
  appliedAutomatic,
  appliedValue,
  appliedValues,
  categoryOf,
  categoryParam,
  definitionOf,
  existingMenuModules,
  offeredPreferences,
  preferenceName,
  shownValue,
} from '../preference-values';
import { PreferenceValueField } from './preference-value-field';
import { usePreferenceStyles } from './preferences.styles';

const ROUTES = {
  company: {
    categories: 'r_company-preferences',
    category: 'r_company-preferences-category',
    preference: 'r_company-preferences-preference',
  },
  user: {
    categories: 'r_preferences',
    category: 'r_preferences-category',
    preference: 'r_preferences-preference',
  },
} as const;

type AnyPreference = Preference | UserPreference;

const TIME_PREFERENCE_KEYS = new Set(['DateFormat', 'TimeFormat']);

/** Every screen formats dates with the session's time preference (spec §3): give it the new values. */
async function refreshTimePreference(): Promise<void> {
  const session = sessionStore.get(initialDataAtom);
  if (!session) return;
  const answer = await api.get<UserPreferencesResponse>(preferencePaths.userAll, { silent: true });
  const applied = (key: string) => answer.data.find((preference) => preference.key === key)?.effective_value;
  sessionStore.set(initialDataAtom, {
    ...session,
    usertimepreference: {
      ...session.usertimepreference,
      date_format: applied('DateFormat') ?? session.usertimepreference.date_format,
      time_format: applied('TimeFormat') ?? session.usertimepreference.time_format,
    },
  });
}

function usePreferenceData(scope: PreferenceScope) {
  const categories = usePreferenceCategories();
  const preferences = usePreferences(scope);
  const table = useRouteTable();
  const all = preferences.data?.data as AnyPreference[] | undefined;
  return {
    categories: categories.data?.data,
    preferences: all && offeredPreferences(all, existingMenuModules(table)),
    error: categories.error ?? preferences.error,
    reload: () => preferences.mutate(),
  };
}

function Loading({ error }: { error: unknown }) {
  const t = useLabel();
  if (error) return <ErrorText message={error instanceof Error ? error.message : String(error)} />;
  return <Loader label={t('general.loading', 'Loading…')} />;
}

/** The categories that hold at least one preference, each a link to its list. */
function CategoriesScreen({ scope }: { scope: PreferenceScope }) {
  const styles = usePreferenceStyles();
  const t = useLabel();
  const { categories, preferences, error } = usePreferenceData(scope);
  if (!categories || !preferences) return <Loading error={error} />;
  const shown = categories.filter((category) =>
    preferences.some((preference) => preference.preference_category.id === category.id),
  );
  return (
    <nav className={styles.page} aria-label={t('preferences.categories', 'Preference categories')}>
      <ul className={styles.rows}>
        {shown.map((category) => (
          <li key={category.id} className={styles.row}>
            <AppLink to={href(ROUTES[scope].category, { category: categoryParam(category) })}>
              {t(`preferences.category.${category.key}`, category.name)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ValueText({ preference }: { preference: AnyPreference }) {
  const styles = usePreferenceStyles();
  const t = useLabel();
  const value = appliedValue(preference);
  return (
    <span className={styles.value}>
      {preference.kind === 'color' && value && (
        <span className={styles.swatch} style={{ backgroundColor: value }} aria-hidden />
      )}
      {shownValue(t, preference)}
    </span>
  );
}

/** One category's preferences with the value that applies; the user sees whose value it is. */
function CategoryScreen({ scope }: { scope: PreferenceScope }) {
  const styles = usePreferenceStyles();
  const t = useLabel();
  const params = useParams();
  const { categories, preferences, error } = usePreferenceData(scope);
  if (!categories || !preferences) return <Loading error={error} />;
  const category = categoryOf(categories, params.category);
  if (!category) return <ErrorText message={t('preferences.no-category', 'This category does not exist.')} />;
  const rows = preferences.filter((preference) => preference.preference_category.id === category.id);
  const title = t(`preferences.category.${category.key}`, category.name);
  return (
    <section className={styles.page} aria-label={title}>
      <ul className={styles.rows}>
        {rows.map((preference) => {
          const name = preferenceName(t, preference);
          const fixed = scope === 'user' && preference.company_only;
          return (
            <li key={preference.key} className={styles.row}>
              {fixed ? (
                <Body1>{name}</Body1>
              ) : (
                <AppLink
                  to={href(ROUTES[scope].preference, {
                    category: categoryParam(category),
                    preferenceId: preference.key,
                  })}
                >
                  {name}
                </AppLink>
              )}
              <span className={styles.value}>
                {isUserPreference(preference) && (
                  <Badge appearance="tint" color={preference.source === 'user' ? 'brand' : 'informative'}>
                    {fixed
                      ? t('preferences.set-by-company', 'Set by the company')
                      : preference.source === 'user'
                        ? t('preferences.own-value', 'Your value')
                        : t('preferences.company-value', 'Company value')}
                  </Badge>
                )}
                <ValueText preference={preference} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One preference's form: checked here with the server's rules, saved, then back to its category. */
function EditScreen({ scope }: { scope: PreferenceScope }) {
  const t = useLabel();
  const params = useParams();
  const { categories, preferences, error } = usePreferenceData(scope);
  if (!categories || !preferences) return <Loading error={error} />;
  const category = categoryOf(categories, params.category);
  const preference = preferences.find(
    (candidate) => candidate.key === params.preferenceId && candidate.preference_category.id === category?.id,
  );
  if (!category || !preference || (scope === 'user' && preference.company_only))
    return <ErrorText message={t('preferences.no-preference', 'This preference does not exist.')} />;
  return <EditForm key={preference.key} scope={scope} preference={preference} preferences={preferences} />;
}

function EditForm({
  scope,
  preference,
  preferences,
}: {
  scope: PreferenceScope;
  preference: AnyPreference;
  preferences: readonly AnyPreference[];
}) {
  const styles = usePreferenceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const list = usePreferences(scope);
  const [value, setValue] = useState(appliedValue(preference) ?? '');
  const [automatic, setAutomatic] = useState(appliedAutomatic(preference));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const submitting = useSubmit();
  const reset = useSubmit();
  const mayWrite =
    scope === 'user' || can(session?.general_permissions ?? [], ['COMPANY_PREFERENCES', 'update']);
  const back = href(ROUTES[scope].category, { category: categoryParam(preference.preference_category) });
  const ownValue = isUserPreference(preference) && preference.source === 'user';

  const afterChange = async () => {
    await list.mutate();
    if (preference.kind === 'menu') {
      // the side menu reads the menu preferences once per session: read them again
      sessionStore.set(menuPreferencesAtom, null);
      await loadMenuPreferences();
    }
    if (TIME_PREFERENCE_KEYS.has(preference.key)) await refreshTimePreference();
    navigate(back);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    const definition = definitionOf(preference);
    if (definition) {
      const levels = preference.preference_values.map((option) => Number(option.value));
      const errors = preferenceValueErrors(definition, value, appliedValues(preferences), levels);
      if (errors.value?.[0]) {
        setFieldError(errors.value[0]);
        return;
      }
    }
    const body = definition ? { value } : { is_automatic: automatic };
    const saved = await submitting.run(
      () =>
        scope === 'company'
          ? saveCompanyPreference(preference.key, body)
          : saveUserPreference(preference.key, body),
      (errors) => {
        const message = errors.value?.[0] ?? errors.is_automatic?.[0];
        if (message) setFieldError(message);
        return message !== undefined;
      },
    );
    if (saved) await afterChange();
  };

  const switchToCompanyValue = async () => {
    if (await reset.run(() => returnToCompanyValue(preference.key))) await afterChange();
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={preferenceName(t, preference)}
    >
      {isUserPreference(preference) && (
        <MessageBar intent="info">
          <MessageBarBody>
            {ownValue
              ? t('preferences.own-value-note', 'You use your own value. The company value is: {value}', {
                  value: shownValue(t, preference, preference.value),
                })
              : t('preferences.company-value-note', 'You use the company value.')}
          </MessageBarBody>
        </MessageBar>
      )}
      <PreferenceValueField
        preference={preference}
        value={value}
        automatic={automatic}
        error={fieldError}
        disabled={!mayWrite || submitting.pending}
        onValue={(next) => {
          setValue(next);
          setFieldError(undefined);
        }}
        onAutomatic={setAutomatic}
      />
      {preference.kind === 'multi-select' && (
        <Caption1>{t('preferences.multi-hint', 'Choose one or more.')}</Caption1>
      )}
      <ErrorText message={submitting.failure ?? reset.failure} />
      {mayWrite && (
        <div className={styles.actions}>
          <SubmitButton pending={submitting.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
          {ownValue && (
            <Button
              disabled={reset.pending}
              aria-busy={reset.pending || undefined}
              onClick={() => void switchToCompanyValue()}
            >
              {t('preferences.use-company-value', 'Use company value')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

export const CompanyPreferenceCategories = () => <CategoriesScreen scope="company" />;
export const UserPreferenceCategories = () => <CategoriesScreen scope="user" />;
export const CompanyPreferenceCategory = () => <CategoryScreen scope="company" />;
export const UserPreferenceCategory = () => <CategoryScreen scope="user" />;
export const CompanyPreferenceEdit = () => <EditScreen scope="company" />;
export const UserPreferenceEdit = () => <EditScreen scope="user" />;
