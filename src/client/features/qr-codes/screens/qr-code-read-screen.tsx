import {
  Body1,
  Caption1,
  Card,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  Title3,
} from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { levelPath, type Level } from '../../../../shared/contract/levels';
import { QR_ENTITY_KINDS, type QrCodeTarget } from '../../../../shared/contract/qr-codes';
import { resourcesPath, type ResourceInfo } from '../../../../shared/contract/resources';
import { API_PREFIX } from '../../../../shared/contract/common';
import { can } from '../../../../shared/permissions/can';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { href, routeExists } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { Loader } from '../../../ui/loader';

/**
 * Resolves a scanned code to its level or resource and shows what it names. A code of another
 * company is refused here too: the server answers its subdomain, and the session is bound to one.
 */
export default function QrCodeReadScreen() {
  const t = useLabel();
  const { code = '' } = useParams();
  const session = useInitialData();
  const target = useApi<QrCodeTarget>(`${API_PREFIX}/qrcode-read/${encodeURIComponent(code)}`, {
    silent: true,
  });
  if (target.error) return <Problem text={t('qr-codes.read.unknown', 'This QR code is not known.')} />;
  if (!target.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  if (target.data.subdomain !== session.company?.subdomain)
    return <Problem text={t('qr-codes.read.other-company', 'This QR code belongs to another company.')} />;
  return target.data.entity_kind === QR_ENTITY_KINDS.resource ? (
    <ResourceCard id={target.data.entity_id} code={code} />
  ) : (
    <LevelCard id={target.data.entity_id} />
  );
}

function Problem({ text }: { text: string }) {
  return (
    <MessageBar intent="warning">
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}

function ResourceCard({ id, code }: { id: number; code: string }) {
  const t = useLabel();
  const session = useInitialData();
  const info = useApi<ResourceInfo>(`${resourcesPath}/${id}/info`);
  if (info.error) return <Problem text={t('qr-codes.read.unknown', 'This QR code is not known.')} />;
  if (!info.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const resource = info.data;
  const mayManage =
    can(session?.general_permissions ?? [], ['RESOURCES', 'update']) && routeExists('r_resources-edit');
  return (
    <Card>
      <Title3 as="h2">{resource.name}</Title3>
      <Caption1>{resource.path}</Caption1>
      <Body1>
        {resource.resource_type} · {t('qr-codes.read.capacity', 'Capacity')} {resource.current_capacity}
      </Body1>
      {resource.resource_attributes.length > 0 && (
        <Body1>{resource.resource_attributes.map((attribute) => attribute.name).join(', ')}</Body1>
      )}
      {resource.description && <Body1>{resource.description}</Body1>}
      <AppLink to={href('r_service', { code })}>
        {t('qr-codes.read.services', 'Order services or report a problem')}
      </AppLink>
      {mayManage && (
        <AppLink to={href('r_resources-edit', { resource_id: id })}>
          {t('qr-codes.read.manage-resource', 'Manage this resource')}
        </AppLink>
      )}
    </Card>
  );
}

function LevelCard({ id }: { id: number }) {
  const t = useLabel();
  const session = useInitialData();
  const level = useApi<Level>(levelPath(id));
  if (level.error) return <Problem text={t('qr-codes.read.unknown', 'This QR code is not known.')} />;
  if (!level.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const mayManage = can(session?.general_permissions ?? [], ['LEVELS', 'read']);
  return (
    <Card>
      <Title3 as="h2">{level.data.name}</Title3>
      <Subtitle1 as="p">{level.data.path}</Subtitle1>
      {mayManage && (
        <AppLink to={href('r_level', { level_id: id })}>
          {t('qr-codes.read.manage-level', 'Manage this level')}
        </AppLink>
      )}
    </Card>
  );
}
