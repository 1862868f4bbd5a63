import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { useHelpPage } from '../../../shell/help';
import { sanitizeHtml } from '../../../shell/sanitize-html';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useHelpIndex } from '../api';

const useStyles = makeStyles({
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

/** spec §2 /help-and-documents: every help page in the user's language; a page's text loads when opened. */
export default function HelpAndDocumentsScreen() {
  const t = useLabel();
  const { data, error, isLoading } = useHelpIndex();
  const [open, setOpen] = useState<string[]>([]);
  if (isLoading) return <Loader />;
  const pages = data?.data ?? [];
  return (
    <>
      <ErrorText message={error?.message} />
      {pages.length === 0 && !error && (
        <Body1 as="p">{t('general.help-and-documents.empty', 'There are no help pages yet.')}</Body1>
      )}
      <Accordion
        multiple
        collapsible
        openItems={open}
        onToggle={(_event, toggle) => setOpen(toggle.openItems as string[])}
      >
        {pages.map((page) => (
          <AccordionItem key={page.id} value={page.path}>
            <AccordionHeader as="h2">{page.title}</AccordionHeader>
            <AccordionPanel>{open.includes(page.path) && <HelpBody path={page.path} />}</AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </>
  );
}
