import { NAME_ID_ATTRIBUTE, type SsoFieldKey } from '../../../shared/contract/sso';
import { validateValue } from '../../../shared/validation';
import { forbidden, HttpError, unauthorized } from '../../http/errors';
import { SamlRefusal, validateSamlResponse } from '../../integrations/saml';
import type { PublicContext } from '../../context';
import {
  findUserByEmail,
  insertSsoUser,
  samlStateStore,
  selectDomains,
  selectFields,
  type ConnectorRow,
} from './sso.queries';
import { partnersOf } from './sso.service';

export const SSO_LOGIN_MESSAGES = {
  inactive: 'Sign-in through this identity provider is switched off.',
  unknownConnector: 'No identity provider of this company matches this sign-in answer.',
  otherDomain: (email: string) =>
    `The address ${email} is not in a domain that signs in through this identity provider.`,
  noAccount: (email: string) =>
    `No account exists for ${email}. Please ask your administrator to create one.`,
};

export interface SsoAccount {
  id: number;
  company_id: number;
}

type CompanyContext = PublicContext & { tenant: { area: 'company' } };

/**
 * Validates a SAMLResponse for one connector and answers the account it signs in: the existing one
 * with the asserted address, or one made now when the connector creates accounts on first sign-in.
 * Every refusal is a 401 (the answer proves nothing) or a 403 (it proves someone we may not let in).
 */
export async function accountFromSamlResponse(
  ctx: CompanyContext,
  origin: string,
  connector: ConnectorRow,
  samlResponse: string,
): Promise<SsoAccount> {
  if (!connector.is_active) throw forbidden(SSO_LOGIN_MESSAGES.inactive);
  const company = ctx.tenant.company;
  let identity;
  try {
    identity = await validateSamlResponse(
      partnersOf(origin, company.subdomain, connector),
      samlStateStore(ctx.db, company.id),
      samlResponse,
    );
  } catch (error) {
    if (error instanceof SamlRefusal) throw unauthorized(error.message);
    throw error;
  }

  const fields = new Map(
    (await selectFields(ctx.db, company.id, [connector.id])).map((field) => [field.field, field.attribute]),
  );
  const read = (key: SsoFieldKey): string => {
    const attribute = fields.get(key);
    if (!attribute) return '';
    if (attribute === NAME_ID_ATTRIBUTE) return identity.nameId;
    return identity.attributes[attribute]?.trim() ?? '';
  };
  // An IdP that leaves the mapped attribute out still names the person by NameID (an address, by our request).
  const email = (read('email') || identity.nameId).trim().toLowerCase();
  if (validateValue(email, 'required|email')) throw unauthorized(new SamlRefusal('no-email').message);

  // The IdP speaks for the connector's domains only: it may not sign in anyone else of the company.
  const domains = (await selectDomains(ctx.db, company.id, [connector.id])).map((row) => row.domain);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!domains.includes(domain)) throw forbidden(SSO_LOGIN_MESSAGES.otherDomain(email));

  const account = await findUserByEmail(ctx.db, company.id, email);
  if (account && account.company_id !== null) return { id: account.id, company_id: account.company_id };
  if (!connector.create_accounts) throw forbidden(SSO_LOGIN_MESSAGES.noAccount(email));
  const person = {
    email,
    first_name: read('first_name').slice(0, 120),
    last_name: read('last_name').slice(0, 120),
  };
  return ctx.db
    .transaction()
    .execute((tx) => insertSsoUser(tx, company.id, person, connector.default_container_id));
}

/** The message of a refusal, for the address the browser returns to. */
export function refusalMessage(error: unknown): string | null {
  return error instanceof HttpError && error.statusCode < 500 ? error.message : null;
}
