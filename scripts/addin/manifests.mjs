// The Outlook add-in's two manifests for one HTTPS origin: the XML (add-in only) manifest from the
// committed manifest.xml, and the unified manifest for Microsoft 365 zipped with its icons into the
// app package the Microsoft 365 admin centre installs (new Outlook, Outlook on the web, classic
// Outlook on Windows). Used by the webpack build (AddinManifestPlugin) and `npm run validate:manifest`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { ADDIN_DEV_ORIGIN } from './origin.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The development add-in's Id (manifest.xml); production builds never carry it. */
export const ADDIN_DEV_ID = '6d1f3c52-8a47-4e0b-9a55-2f7c0e4b9d31';
/** The unified manifest's schema version; its schema ships in @microsoft/app-manifest. */
export const UNIFIED_MANIFEST_VERSION = '1.22';
export const UNIFIED_SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${UNIFIED_MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
/** The add-in's version, the same in both manifests (XML wants four parts, the unified three). */
const VERSION = '1.0.0';
/** The public page the manifests name for support, privacy and terms (no sign-in needed). */
export const SUPPORT_PAGE = 'addin-support.html';
/** Where the build writes them, under dist/. */
export const XML_MANIFEST_FILE = 'manifest.xml';
export const APP_PACKAGE_FILE = 'workplace-outlook-app-package.zip';
export const UNIFIED_MANIFEST_FILE = 'manifest.json';

/**
 * A production add-in Id for an origin: a name-based (version 5 style) UUID, so every deployment
 * gets its own Id, the same at every build, and never the development one. Outlook tells add-ins
 * apart by Id: a shared one made a developer's sideloaded copy replace the company's.
 * @param {string} origin
 */
export function productionAddinId(origin) {
  const hash = createHash('sha1').update(`${ADDIN_DEV_ID}|${origin}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The add-in's Entra ID app registration (ADDIN_CLIENT_ID), for Microsoft 365 sign-in; null without.
 * @param {NodeJS.ProcessEnv} env @returns {string | null}
 */
export function addinClientId(env) {
  const value = env.ADDIN_CLIENT_ID?.trim();
  if (!value) return null;
  if (!GUID.test(value))
    throw new Error(
      `ADDIN_CLIENT_ID must be the app registration's Application (client) ID, a GUID: ${value}`,
    );
  return value.toLowerCase();
}

/**
 * The API the pane asks Microsoft 365 a token for: the app registration's Application ID URI, which
 * single sign-on requires to be api://{the add-in's host}/{client id}.
 * @param {string} origin @param {string} clientId
 */
export function addinResource(origin, clientId) {
  return `api://${new URL(origin).host}/${clientId}`;
}

/**
 * manifest.xml for the origin, under its production Id, without the development notes of its
 * opening comment; with the app registration (WebApplicationInfo) when there is one.
 * @param {string} origin @param {string | null} [clientId] @returns {string}
 */
export function xmlManifest(origin, clientId = null) {
  const source = readFileSync(path.join(root, 'manifest.xml'), 'utf8');
  if (!source.includes(`<Id>${ADDIN_DEV_ID}</Id>`))
    throw new Error(`manifest.xml's Id is not ${ADDIN_DEV_ID}`);
  const xml = source
    .replace(/<!--[\s\S]*?-->\n/, '')
    .replaceAll(ADDIN_DEV_ORIGIN, origin)
    .replace(`<Id>${ADDIN_DEV_ID}</Id>`, `<Id>${productionAddinId(origin)}</Id>`);
  if (!clientId) return xml;
  // In VersionOverrides 1.1, after its Resources, where Microsoft's schema places it.
  const application = [
    '      <WebApplicationInfo>',
    `        <Id>${clientId}</Id>`,
    `        <Resource>${addinResource(origin, clientId)}</Resource>`,
    '        <Scopes>',
    '          <Scope>openid</Scope>',
    '          <Scope>profile</Scope>',
    '        </Scopes>',
    '      </WebApplicationInfo>',
  ].join('\n');
  const end = '      </Resources>\n    </VersionOverrides>\n  </VersionOverrides>';
  if (!xml.includes(end)) throw new Error('manifest.xml: VersionOverrides 1.1 does not end as expected');
  return xml.replace(
    end,
    `      </Resources>\n${application}\n    </VersionOverrides>\n  </VersionOverrides>`,
  );
}

/** The XML manifest's strings the unified one repeats (it has no per-string overrides). */
const TEXT = {
  name: 'Workplace',
  shortDescription: 'Book rooms and desks for your meetings without leaving Outlook.',
  fullDescription:
    'Workplace finds the rooms free for the meeting you are organising, seating its attendees, ' +
    'and books the one you choose: for a single meeting or every occurrence of a series. The room ' +
    'is added to the meeting, and its booking follows the meeting.',
  group: 'Workplace',
  button: 'Book a room',
  tooltip: 'Find and book a free room or desk for this meeting.',
};

/** The function the send handler's script registers (Office.actions.associate). */
export const SEND_HANDLER_FUNCTION = 'onMeetingSend';
/** OnAppointmentSend came with Mailbox 1.12 (Smart Alerts). */
const SEND_EVENT_MAILBOX = '1.12';

/**
 * The unified manifest for Microsoft 365: the same button on the meeting organiser's ribbon,
 * opening the same pane, with the same requirement (Mailbox 1.3) and permission (read/write item),
 * and the same app registration (webApplicationInfo) when there is one.
 * @param {string} origin @param {string | null} [clientId]
 */
export function unifiedManifest(origin, clientId = null) {
  const mailbox = [{ name: 'Mailbox', minVersion: '1.3' }];
  const icons = [16, 32, 80].map((size) => ({ size, url: `${origin}/assets/icon-${size}.png` }));
  return {
    $schema: UNIFIED_SCHEMA_URL,
    manifestVersion: UNIFIED_MANIFEST_VERSION,
    version: VERSION,
    id: productionAddinId(origin),
    developer: {
      name: TEXT.name,
      websiteUrl: `${origin}/${SUPPORT_PAGE}`,
      privacyUrl: `${origin}/${SUPPORT_PAGE}#privacy`,
      termsOfUseUrl: `${origin}/${SUPPORT_PAGE}#terms`,
    },
    name: { short: TEXT.name, full: `${TEXT.name} rooms and desks` },
    description: { short: TEXT.shortDescription, full: TEXT.fullDescription },
    icons: { outline: 'outline.png', color: 'color.png' },
    accentColor: '#0F6CBD',
    localizationInfo: { defaultLanguageTag: 'en-us' },
    validDomains: [new URL(origin).host],
    ...(clientId ? { webApplicationInfo: { id: clientId, resource: addinResource(origin, clientId) } } : {}),
    authorization: {
      permissions: { resourceSpecific: [{ name: 'MailboxItem.ReadWrite.User', type: 'Delegated' }] },
    },
    extensions: [
      {
        requirements: { scopes: ['mail'], capabilities: mailbox },
        runtimes: [
          {
            id: 'TaskPaneRuntime',
            type: 'general',
            code: { page: `${origin}/taskpane.html` },
            lifetime: 'short',
            actions: [{ id: 'OpenPane', type: 'openPage' }],
          },
          {
            // The send handler (event-based activation, Mailbox 1.12): a booking made in the pane
            // is pending until the meeting is sent, and this confirms it (docs/outlook-add-in.md).
            id: 'SendRuntime',
            type: 'general',
            requirements: { capabilities: [{ name: 'Mailbox', minVersion: SEND_EVENT_MAILBOX }] },
            code: { page: `${origin}/meeting-send.html`, script: `${origin}/meeting-send.js` },
            lifetime: 'short',
            actions: [{ id: SEND_HANDLER_FUNCTION, type: 'executeFunction' }],
          },
        ],
        autoRunEvents: [
          {
            requirements: { capabilities: [{ name: 'Mailbox', minVersion: SEND_EVENT_MAILBOX }] },
            // soft block: where the handler cannot run, Outlook still lets the organiser send
            events: [
              {
                type: 'appointmentSend',
                actionId: SEND_HANDLER_FUNCTION,
                options: { sendMode: 'softBlock' },
              },
            ],
          },
        ],
        ribbons: [
          {
            contexts: ['meetingDetailsOrganizer'],
            tabs: [
              {
                builtInTabId: 'TabDefault',
                groups: [
                  {
                    id: 'workplaceGroup',
                    label: TEXT.group,
                    icons,
                    controls: [
                      {
                        id: 'workplaceOpenPane',
                        type: 'button',
                        label: TEXT.button,
                        icons,
                        supertip: { title: TEXT.button, description: TEXT.tooltip },
                        actionId: 'OpenPane',
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * The app package: manifest.json with its two icons, zipped flat as the admin centre wants it.
 * @param {string} origin @param {string | null} [clientId] @returns {Uint8Array}
 */
export function appPackage(origin, clientId = null) {
  return zipSync({
    [UNIFIED_MANIFEST_FILE]: strToU8(`${JSON.stringify(unifiedManifest(origin, clientId), null, 2)}\n`),
    'color.png': readFileSync(path.join(root, 'assets', 'icon-color-192.png')),
    'outline.png': readFileSync(path.join(root, 'assets', 'icon-outline-32.png')),
  });
}
