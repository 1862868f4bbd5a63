import { Body1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useDesks } from '../api';
import { RECEPTION } from '../reception-permission';
import { useVisitorStyles } from '../visitors.styles';

/** spec §2 /reception-desks: the company's desks, each opening its edit screen and its reception. */
export default function ReceptionDesksScreen() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const session = useInitialData();
  const desks = useDesks();
  const permissions = session?.general_permissions ?? [];
  const mayAdd = can(permissions, ['RECEPTIONS', 'create']);
  const mayEdit = can(permissions, ['RECEPTIONS', 'update']);
  const mayReceive = can(permissions, RECEPTION);

  return (
    <div className={styles.page}>
      {mayAdd && (
        <AppLink to={href('r_reception-desks-add')}>
          <Add20Regular aria-hidden /> {t('reception-desks.add', 'Add reception desk')}
        </AppLink>
      )}
      {!desks.data ? (
        desks.error ? (
          <ErrorText message={desks.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : desks.data.data.length === 0 ? (
        <Body1 role="status">{t('reception-desks.empty', 'No reception desks yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('reception-desks.title', 'Reception desks')}>
          {desks.data.data.map((desk) => (
            <li key={desk.id} className={styles.row}>
              <span className={styles.grow}>
                {mayEdit ? (
                  <AppLink to={href('r_reception-desks-edit', { receptionId: String(desk.id) })}>
                    {desk.name}
                  </AppLink>
                ) : (
                  <Body1>{desk.name}</Body1>
                )}
              </span>
              <Body1 className={styles.detail}>
                {desk.working_hours_from}–{desk.working_hours_to}
              </Body1>
              {mayReceive && (
                <AppLink to={href('r_visitor-management-reception', { receptionDeskId: String(desk.id) })}>
                  {t('visitors.open-reception', 'Reception')}
                </AppLink>
              )}
              {desk.kiosk_code && (
                <AppLink to={href('r_self-registration-reception-desk', { code: desk.kiosk_code })}>
                  {t('visitors.open-kiosk', 'Kiosk')}
                </AppLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
