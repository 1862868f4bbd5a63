import {
  Body1,
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, DocumentPdf20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { exportCodes, useCodes, useTemplates, type CodeFilters } from '../api';
import { CodeFilterFields, filtersOf, searchOf } from '../components/code-filters';
import { useQrStyles } from '../qr-codes.styles';

/**
 * spec §2 /qr-codes: every resource's code, filtered by level and type, each with the template it
 * prints with; the codes the filters find exported as a PDF of labels or a ZIP of images.
 */
export default function CodesScreen() {
  const styles = useQrStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const [search] = useSearchParams();
  const filters = filtersOf(search);
  const [page, setPage] = useState(1);
  const codes = useCodes(filters, page);
  const templates = useTemplates();
  const { failure, run } = useSubmit();
  const [exporting, setExporting] = useState<'pdf' | 'png' | null>(null);
  const mayEdit = can(session?.general_permissions ?? [], ['QR_CODE', 'update']);

  const change = (next: CodeFilters) => {
    setPage(1);
    navigate(`${href('r_qr-codes')}${searchOf(next)}`, { replace: true });
  };
  const download = async (format: 'pdf' | 'png') => {
    setExporting(format);
    await run(() => exportCodes({ format, ...filters }), undefined, { failure: 'unanswered', silent: true });
    setExporting(null);
  };
  const templateName = (id: number | null) =>
    templates.data?.data.find((template) => template.id === id)?.name ??
    t('qr-codes.codes.default-template', 'Default template');
  const meta = codes.data?.meta;
  const empty = meta?.total === 0;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <CodeFilterFields filters={filters} change={change} />
      </div>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={
            exporting === 'pdf' ? <Spinner size="tiny" aria-hidden /> : <DocumentPdf20Regular aria-hidden />
          }
          disabled={exporting !== null || empty}
          aria-busy={exporting === 'pdf' || undefined}
          onClick={() => void download('pdf')}
        >
          {t('qr-codes.codes.export-pdf', 'Export labels (PDF)')}
        </Button>
        <Button
          icon={
            exporting === 'png' ? <Spinner size="tiny" aria-hidden /> : <ArrowDownload20Regular aria-hidden />
          }
          disabled={exporting !== null || empty}
          aria-busy={exporting === 'png' || undefined}
          onClick={() => void download('png')}
        >
          {t('qr-codes.codes.export-png', 'Export images (ZIP)')}
        </Button>
        {exporting && <Body1 role="status">{t('qr-codes.codes.exporting', 'Preparing the file…')}</Body1>}
      </div>
      <ErrorText message={failure ?? (codes.error ? errorMessage(codes.error) : null)} />
      {!codes.data ? (
        !codes.error && <Loader label={t('general.loading', 'Loading…')} />
      ) : empty ? (
        <Body1 role="status">{t('qr-codes.codes.empty', 'No resources match these filters.')}</Body1>
      ) : (
        <div className={styles.tableWrap}>
          <Table
            aria-label={t('qr-codes.codes.title', 'QR codes')}
            aria-busy={codes.isValidating}
            size="small"
          >
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('qr-codes.codes.resource', 'Resource')}</TableHeaderCell>
                <TableHeaderCell>{t('qr-codes.codes.level', 'Level')}</TableHeaderCell>
                <TableHeaderCell>{t('qr-codes.codes.type', 'Type')}</TableHeaderCell>
                <TableHeaderCell>{t('qr-codes.codes.template', 'Template')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {codes.data.data.map((code) => (
                <TableRow key={code.id}>
                  <TableCell>
                    {mayEdit ? (
                      <AppLink to={href('r_qr-codes-edit', { qrCodeId: String(code.id) })}>
                        {code.name}
                      </AppLink>
                    ) : (
                      code.name
                    )}
                  </TableCell>
                  <TableCell>{code.level}</TableCell>
                  <TableCell>{code.type}</TableCell>
                  <TableCell>{templateName(code.template_id)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {meta && meta.last_page > 1 && (
        <div className={styles.actions}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('qr-codes.codes.previous', 'Previous')}
          </Button>
          <Body1>
            {t('qr-codes.codes.page', 'Page {page} of {pages}', {
              page: meta.current_page,
              pages: meta.last_page,
            })}
          </Body1>
          <Button disabled={page >= meta.last_page} onClick={() => setPage(page + 1)}>
            {t('qr-codes.codes.next', 'Next')}
          </Button>
        </div>
      )}
    </div>
  );
}
