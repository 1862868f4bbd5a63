import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Field,
  makeStyles,
  SearchBox,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { isCompanyContext } from '../../../api/environment';
import { useLabel } from '../../../i18n/i18n';
import { useHelpPage } from '../../../shell/help';
import { sanitizeHtml } from '../../../shell/sanitize-html';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useHelpIndex } from '../api';
import { useReadable } from '../../company-documents/api';
import { DocumentView } from '../../company-documents/components/document-view';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '720px',
    width: '100%',
  },
  content: {
    color: tokens.colorNeutralForeground1,
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
  },
});

function HelpBody({ path }: { path: string }) {
  const styles = useStyles();
  const t = useLabel();
  const { data, error, isLoading } = useHelpPage(path);
  if (isLoading) return <Loader />;
  if (error || !data)
    return <Body1>{t('general.help-and-documents.no-help', 'No help is available for this page.')}</Body1>;
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.html) }} />;
}

/** spec §9: searches wait 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** The company's published documents the user may read, found by name or text (company hosts only). */
function Documents({ query }: { query: string }) {
  const t = useLabel();
  const { data, error } = useReadable(query);
  if (!data)
    return error ? (
      <ErrorText message={error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  if (data.data.length === 0)
    return <Body1 as="p">{t('general.help-and-documents.no-documents', 'No documents match.')}</Body1>;
  return (
    <>
      {data.data.map((document) => (
        <DocumentView key={document.id} document={document} headingLevel="h3" />
      ))}
    </>
  );
}

/**
 * spec §2 /help-and-documents: every help page in the user's language (a page's text loads when
 * opened) and, on a company host, the company's documents; one search box finds both.
 */
export default function HelpAndDocumentsScreen() {
  const styles = useStyles();
  const t = useLabel();
  const { data, error, isLoading } = useHelpIndex();
  const [open, setOpen] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  if (isLoading) return <Loader />;
  const needle = query.toLowerCase();
  const pages = (data?.data ?? []).filter((page) => !needle || page.title.toLowerCase().includes(needle));
  return (
    <div className={styles.page}>
      <Field label={t('general.help-and-documents.search', 'Search help and documents')} role="search">
        <SearchBox value={typed} onChange={(_event, change) => setTyped(change.value)} />
      </Field>
      {isCompanyContext() && (
        <section aria-labelledby="company-documents-heading">
          <Subtitle1 as="h2" id="company-documents-heading">
            {t('general.help-and-documents.documents', 'Documents')}
          </Subtitle1>
          <Documents query={query} />
        </section>
      )}
      <section aria-labelledby="help-pages-heading">
        <Subtitle1 as="h2" id="help-pages-heading">
          {t('general.help-and-documents.help', 'Help')}
        </Subtitle1>
        <ErrorText message={error?.message} />
        {pages.length === 0 && !error && (
          <Body1 as="p">
            {needle
              ? t('general.help-and-documents.no-match', 'No help pages match.')
              : t('general.help-and-documents.empty', 'There are no help pages yet.')}
          </Body1>
        )}
        <Accordion
          multiple
          collapsible
          openItems={open}
          onToggle={(_event, toggle) => setOpen(toggle.openItems as string[])}
        >
          {pages.map((page) => (
            <AccordionItem key={page.id} value={page.path}>
              <AccordionHeader as="h3">{page.title}</AccordionHeader>
              <AccordionPanel>{open.includes(page.path) && <HelpBody path={page.path} />}</AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </div>
  );
}
