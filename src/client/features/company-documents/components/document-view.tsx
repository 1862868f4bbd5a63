import { Button, Subtitle1 } from '@fluentui/react-components';
import { DocumentPdf20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { sanitizeHtml } from '../../../shell/sanitize-html';
import { documentPdf, openFile } from '../api';
import { useDocumentStyles } from '../documents.styles';

/** One document to read: its name, its text (sanitised again before it is drawn) and its PDF. */
export function DocumentView({
  document,
  headingLevel = 'h2',
  children,
}: {
  document: { id: number; name: string; content: string; has_pdf: boolean };
  headingLevel?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  const styles = useDocumentStyles();
  const t = useLabel();
  return (
    <article className={styles.document} aria-label={document.name}>
      <Subtitle1 as={headingLevel}>{document.name}</Subtitle1>
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(document.content) }} />
      {document.has_pdf && (
        <div className={styles.actions}>
          <Button
            icon={<DocumentPdf20Regular aria-hidden />}
            onClick={() =>
              void documentPdf(document.id).then((blob) => openFile(blob, `${document.name}.pdf`, 'open'))
            }
          >
            {t('documents.open-pdf', 'Open PDF')}
          </Button>
        </div>
      )}
      {children}
    </article>
  );
}
