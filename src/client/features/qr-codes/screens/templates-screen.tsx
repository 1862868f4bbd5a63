import { Badge, Body1, Button, Caption1 } from '@fluentui/react-components';
import { Add20Regular, Star20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { QrCodeTemplate } from '../../../../shared/contract/qr-code-templates';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { makeDefaultTemplate, useTemplates } from '../api';
import { useLayoutSummary } from '../components/layout-summary';
import { useQrStyles } from '../qr-codes.styles';

/** spec §2 /qr-code-templates: the company's label layouts, the default first, one made default in a press. */
export default function TemplatesScreen() {
  const styles = useQrStyles();
  const t = useLabel();
  const session = useInitialData();
  const templates = useTemplates();
  const summary = useLayoutSummary();
  const { failure, run } = useSubmit();
  const [moving, setMoving] = useState<number | null>(null);
  const permissions = session?.general_permissions ?? [];
  const mayAdd = can(permissions, ['QR_CODE', 'create']);
  const mayEdit = can(permissions, ['QR_CODE', 'update']);

  const makeDefault = async (template: QrCodeTemplate) => {
    setMoving(template.id);
    await run(() => makeDefaultTemplate(template.id), undefined, { failure: 'unanswered', silent: true });
    setMoving(null);
  };

  return (
    <div className={styles.page}>
      {mayAdd && (
        <div className={styles.actions}>
          <AppLink to={href('r_qr-code-templates-add')}>
            <Add20Regular aria-hidden /> {t('qr-codes.templates.add', 'Add template')}
          </AppLink>
        </div>
      )}
      <ErrorText message={failure ?? (templates.error ? errorMessage(templates.error) : null)} />
      {!templates.data ? (
        !templates.error && <Loader label={t('general.loading', 'Loading…')} />
      ) : templates.data.data.length === 0 ? (
        <Body1 role="status">
          {t('qr-codes.templates.empty', 'No templates yet: labels print with the standard layout.')}
        </Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('qr-codes.templates.title', 'QR code templates')}>
          {templates.data.data.map((template) => (
            <li key={template.id} className={styles.row}>
              <div className={styles.rowMain}>
                {mayEdit ? (
                  <AppLink to={href('r_qr-code-templates-edit', { templateId: String(template.id) })}>
                    {template.name}
                  </AppLink>
                ) : (
                  <Body1>{template.name}</Body1>
                )}
                <Caption1 className={styles.detail}>{summary(template)}</Caption1>
              </div>
              {template.is_default ? (
                <Badge appearance="tint" color="brand">
                  {t('qr-codes.templates.default', 'Default')}
                </Badge>
              ) : (
                mayEdit && (
                  <Button
                    size="small"
                    icon={<Star20Regular aria-hidden />}
                    disabled={moving !== null}
                    aria-busy={moving === template.id || undefined}
                    aria-label={t('qr-codes.templates.make-default-of', 'Make default: {name}', {
                      name: template.name,
                    })}
                    onClick={() => void makeDefault(template)}
                  >
                    {t('qr-codes.templates.make-default', 'Make default')}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
