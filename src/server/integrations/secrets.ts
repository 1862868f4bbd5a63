import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SECRET_MASK } from '../../shared/contract/connectors';

/**
 * Connector secrets at rest (client secrets, passwords, refresh tokens): AES-256-GCM.
 *
 * Key source: CONNECTOR_SECRETS_KEY when the operator sets it, otherwise the server's own secret
 * (JWT_SECRET, or the one generated once and kept in DATA_DIR). Either is stretched with HKDF-SHA256
 * under a purpose label, so the stored secrets never share a key with the token signatures. Setting
 * CONNECTOR_SECRETS_KEY lets JWT_SECRET be rotated without losing the stored secrets; changing the
 * key itself makes the stored secrets unreadable (the administrator types them again).
 *
 * Every sealed value is bound to a context (the company, the table and the field) as associated
 * data: a sealed value copied into another company's row, or into another field, does not open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    if (serverSecret.length < 32) throw new Error('The connector secrets key needs at least 32 characters.');
    this.#key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'workplace', 'workplace connector secrets v1', 32),
    );
  }

  /** "v1.<base64url(iv | tag | ciphertext)>" */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plaintext, or an error when the value was tampered with, moved, or sealed under another key. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.', 2);
    if (version !== VERSION || !payload) throw new SecretUnreadableError();
    const raw = Buffer.from(payload, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretUnreadableError();
    }
  }
}

export class SecretUnreadableError extends Error {
  constructor() {
    super('A stored connector secret cannot be read (the key changed or the value was altered).');
    this.name = 'SecretUnreadableError';
  }
}

/** The associated data of a sealed value: whose it is and where it is stored. */
export function secretContext(companyId: number, place: string): string {
  return `company:${companyId}/${place}`;
}

/**
 * What a read shows for a secret: the mask when one is stored, '' when none. The mask is a fixed
 * string (no length, no last characters), so nothing about the secret leaves the server; a PUT that
 * sends it back keeps the stored secret (see keepOrReplace).
 */
export { SECRET_MASK };

export function maskSecret(sealed: string | null | undefined): string {
  return sealed ? SECRET_MASK : '';
}

/**
 * The sealed value to store after an update: the stored one when the client sent the mask back
 * (or left the secret out), null when it sent '' (cleared), otherwise the new secret sealed.
 */
export function keepOrReplace(
  box: SecretBox,
  submitted: string | undefined,
  stored: string | null,
  context: string,
): string | null {
  if (submitted === undefined || submitted === SECRET_MASK) return stored;
  if (submitted === '') return null;
  return box.seal(submitted, context);
}

const boxes = new WeakMap<object, SecretBox>();

/**
 * The app's one SecretBox, from its config (see the key source above). main.ts always resolves the
 * JWT secret before building the app, so there is always a key.
 */
export function secretBoxFor(config: {
  connectorSecretsKey?: string | null;
  jwtSecret: string | null;
}): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    const key = config.connectorSecretsKey ?? config.jwtSecret;
    if (!key) throw new Error('No key for connector secrets: set CONNECTOR_SECRETS_KEY or JWT_SECRET.');
    box = new SecretBox(key);
    boxes.set(config, box);
  }
  return box;
}
