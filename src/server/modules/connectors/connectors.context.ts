import type { FastifyRequest } from 'fastify';
import type { AppDeps, ServiceContext } from '../../context';
import { serviceContext } from '../../http/request-context';
import type { OutboundPolicy } from '../../integrations/outbound-url';
import { secretBoxFor, type SecretBox } from '../../integrations/secrets';

/** A connector service's context: who acts for which company, plus the secrets key and URL policy. */
export interface ConnectorContext extends ServiceContext {
  box: SecretBox;
  policy: OutboundPolicy;
}

export function connectorContext(request: FastifyRequest, deps: AppDeps): ConnectorContext {
  return {
    ...serviceContext(request, deps),
    box: secretBoxFor(deps.config),
    policy: { allowPrivate: deps.config.allowPrivateConnectorUrls },
  };
}
