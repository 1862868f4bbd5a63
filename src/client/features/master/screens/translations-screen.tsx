import { Body1, Dropdown, Field, Option, SearchBox, Switch } from '@fluentui/react-components';
import { Add20Regular, ArrowSync20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useLabelSections, useMasterLabels } from '../api';
import { useMasterStyles } from '../master.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9
const ALL = '';

/**
 * spec §2 /cx-translations: the labels of the product in the chosen language, narrowed by section
 * and page or by a search; each opens its translations. The filters live in the address, so the
 * back link from a label returns to the same list.
 */
export default function TranslationsScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const session = useInitialData();
  const [params, setParams] = useSearchParams();
  const language = params.get('language') ?? 'fr';
  const section = params.get('section') ?? ALL;
  const page = params.get('page') ?? ALL;
  const missing = params.get('missing') === '1';
  const [search, setSearch] = useState(params.get('query') ?? '');
  const set = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.get('query') ?? '') !== search.trim()) set({ query: search.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  const sections = useLabelSections().data?.data ?? [];
  const labels = useMasterLabels({
    ...(section ? { section } : {}),
    ...(section && page ? { label_page: page } : {}),
    ...(params.get('query') ? { query: params.get('query')! } : {}),
    ...(missing ? { missing: language } : {}),
  });
  const languages = session?.languages ?? [];
  const pages = sections.find((entry) => entry.section === section)?.pages ?? [];

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <AppLink to={href('r_cx-translations-add-translation')}>
          <Add20Regular aria-hidden /> {t('master.translations.add', 'Add label')}
        </AppLink>
        <AppLink to={href('r_translations-sync')}>
          <ArrowSync20Regular aria-hidden /> {t('master.translations.sync', 'Export and import')}
        </AppLink>
      </div>
      <div className={styles.toolbar}>
        <Field label={t('master.translations.language', 'Language')}>
          <Dropdown
            value={languages.find((candidate) => candidate.code === language)?.name ?? language}
            selectedOptions={[language]}
            onOptionSelect={(_event, data) => set({ language: data.optionValue ?? 'fr' })}
          >
            {languages.map((candidate) => (
              <Option key={candidate.code} value={candidate.code}>
                {candidate.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('master.translations.section', 'Section')}>
          <Dropdown
            value={section || t('master.translations.all', 'All')}
            selectedOptions={[section]}
            onOptionSelect={(_event, data) => set({ section: data.optionValue ?? ALL, page: ALL })}
          >
            <Option value={ALL}>{t('master.translations.all', 'All')}</Option>
            {sections.map((entry) => (
              <Option key={entry.section} value={entry.section} text={entry.section}>
                {`${entry.section} (${entry.count})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {section && pages.length > 0 && (
          <Field label={t('master.translations.page', 'Page')}>
            <Dropdown
              value={page || t('master.translations.all', 'All')}
              selectedOptions={[page]}
              onOptionSelect={(_event, data) => set({ page: data.optionValue ?? ALL })}
            >
              <Option value={ALL}>{t('master.translations.all', 'All')}</Option>
              {pages.map((name) => (
                <Option key={name} value={name}>
                  {name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      </div>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        <Switch
          checked={missing}
          label={t('master.translations.missing', 'Missing only')}
          onChange={(_event, data) => set({ missing: data.checked ? '1' : '' })}
        />
      </div>
      {labels.error ? (
        <ErrorText message={errorMessage(labels.error)} />
      ) : !labels.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : labels.data.data.length === 0 ? (
        <Body1 role="status">{t('master.reference.none', 'Nothing found.')}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t('master.translations.title', 'Translations')}
          aria-busy={labels.isValidating}
        >
          {labels.data.data.map((label) => (
            <li key={label.id} className={styles.row}>
              <span className={styles.rowMain}>
                <AppLink
                  to={{
                    pathname: href('r_cx-translations-label', { labelId: label.id }),
                    search: `?language=${language}`,
                  }}
                >
                  {label.code}
                </AppLink>
                <Body1 className={styles.detail}>{label.translations['en'] ?? ''}</Body1>
              </span>
              <Body1 lang={language}>{label.translations[language] ?? '—'}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
