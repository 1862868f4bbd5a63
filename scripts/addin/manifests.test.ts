// The add-in's deployable manifests (issue 41 "Deployable build"): built for an operator's HTTPS
// origin, valid against Microsoft's schemas offline, naming nothing but that origin.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  ADDIN_DEV_ID,
  SUPPORT_PAGE,
  UNIFIED_MANIFEST_FILE,
  addinClientId,
  appPackage,
  productionAddinId,
  unifiedManifest,
  SEND_HANDLER_FUNCTION,
  xmlManifest,
} from './manifests.mjs';
import { resolveAddinOrigin } from './origin.mjs';
import { XSD_VALIDATOR, originProblems, unifiedManifestErrors, validateXmlManifest } from './verify.mjs';

const ORIGIN = 'https://rooms.example.com';
/** The XSDs sit beside the checkout on developer machines and in CI; CI must have them. */
const hasXsds = existsSync(XSD_VALIDATOR) || Boolean(process.env.CI);

/** Every URL a manifest names, namespaces and schema ids left out. */
const fetchedUrls = (text: string) =>
  [...text.matchAll(/https?:\/\/[^\s"'<>()]+/g)]
    .map(([url]) => url)
    .filter(
      (url) => !/schemas\.microsoft\.com|www\.w3\.org|developer\.microsoft\.com\/json-schemas/.test(url),
    );

const onOrigin = (url: string) => url === ORIGIN || url.startsWith(`${ORIGIN}/`);

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
};

describe('the add-in origin a production build needs', () => {
  it('is ADDIN_URL, else PUBLIC_URL, reduced to its origin', () => {
    expect(resolveAddinOrigin({ ADDIN_URL: 'https://rooms.example.com/' })).toEqual({ origin: ORIGIN });
    expect(resolveAddinOrigin({ PUBLIC_URL: 'https://rooms.example.com' })).toEqual({ origin: ORIGIN });
    expect(
      resolveAddinOrigin({ ADDIN_URL: 'https://addin.example.com', PUBLIC_URL: 'https://rooms.example.com' }),
    ).toEqual({ origin: 'https://addin.example.com' });
  });

  it('is refused with a message saying what to set when missing, not HTTPS, local or not an origin', () => {
    expect(resolveAddinOrigin({}).error).toMatch(/Set ADDIN_URL \(or PUBLIC_URL\) to the HTTPS origin/);
    expect(resolveAddinOrigin({ ADDIN_URL: 'http://rooms.example.com' }).error).toMatch(
      /ADDIN_URL must be an https:\/\/ origin, Outlook loads add-ins over HTTPS only/,
    );
    expect(resolveAddinOrigin({ PUBLIC_URL: 'https://localhost:3000' }).error).toMatch(
      /PUBLIC_URL names this machine/,
    );
    expect(resolveAddinOrigin({ ADDIN_URL: 'https://acme.workplace.localhost' }).error).toMatch(
      /names this machine/,
    );
    expect(resolveAddinOrigin({ ADDIN_URL: 'https://rooms.example.com/workplace' }).error).toMatch(
      /must be an origin only/,
    );
    expect(resolveAddinOrigin({ ADDIN_URL: 'rooms.example.com' }).error).toMatch(/is not a URL/);
  });

  it('npm run build fails before building anything without an HTTPS origin', () => {
    for (const env of [{}, { ADDIN_URL: 'http://rooms.example.com' }]) {
      const { ADDIN_URL: _a, PUBLIC_URL: _p, ...rest } = process.env;
      const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
        env: { ...rest, ...env },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^npm run build: .*(Set ADDIN_URL|must be an https:\/\/ origin)/);
      expect(result.stdout).not.toMatch(/Building/);
    }
  });
});

describe('the XML manifest of a production build', () => {
  const xml = xmlManifest(ORIGIN);

  it.runIf(hasXsds)("validates against Microsoft's add-in schemas", () => {
    const result = validateXmlManifest(xml);
    expect(result.output).toMatch(/validates$/);
    expect(result.ok).toBe(true);
  });

  it('names only the given origin: no localhost, no http:', () => {
    const urls = fetchedUrls(xml);
    expect(urls).toContain(`${ORIGIN}/taskpane.html`);
    expect(urls.filter((url) => !onOrigin(url))).toEqual([]);
    expect(xml).not.toMatch(/localhost|http:\/\/(?!schemas\.microsoft\.com|www\.w3\.org)/);
    expect(originProblems(xml, ORIGIN)).toEqual([]);
    expect(originProblems(xmlManifest('https://other.example.com'), ORIGIN)).not.toEqual([]);
  });

  it('carries a production Id of its own origin, never the development one', () => {
    const id = new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName('Id')[0]?.textContent;
    expect(id).toBe(productionAddinId(ORIGIN));
    expect(id).not.toBe(ADDIN_DEV_ID);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(productionAddinId(ORIGIN)).toBe(id); // the same at every build
    expect(productionAddinId('https://staging.example.com')).not.toBe(id);
  });

  it('names a support page anyone reaches without signing in', () => {
    expect(xml).toContain(`<SupportUrl DefaultValue="${ORIGIN}/${SUPPORT_PAGE}"/>`);
    const page = readFileSync(`src/client/entries/${SUPPORT_PAGE}`, 'utf8');
    expect(page).toMatch(/id="privacy"/);
    expect(page).toMatch(/id="terms"/);
    expect(page).not.toMatch(/<script/);
  });

  it('shows the button on every client its requirement claims: VersionOverrides 1.0 at Mailbox 1.3, 1.1 at 1.5', () => {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const overrides = Array.from(doc.getElementsByTagName('VersionOverrides'));
    const byType = (type: string) =>
      overrides.find((node) => node.getAttribute('xsi:type') === type) ?? expect.fail(`no ${type}`);
    const minVersion = (node: Element) =>
      Array.from(node.getElementsByTagName('bt:Sets'))
        .find((sets) => sets.parentNode?.parentNode === node)
        ?.getAttribute('DefaultMinVersion');
    const buttons = (node: Element) =>
      Array.from(node.getElementsByTagName('Control')).filter(
        (control) => control.getAttribute('id') === 'workplaceOpenPane',
      ).length;
    const v10 = byType('VersionOverridesV1_0');
    const v11 = byType('VersionOverridesV1_1');
    expect(minVersion(v10)).toBe('1.3');
    expect(minVersion(v11)).toBe('1.5');
    // 1.0's own button, besides the one of the 1.1 it holds
    expect(buttons(v10)).toBe(2);
    expect(buttons(v11)).toBe(1);
  });
});

describe('the unified manifest for Microsoft 365', () => {
  const manifest = unifiedManifest(ORIGIN);

  it("validates offline against Microsoft's published JSON schema", async () => {
    expect(await unifiedManifestErrors(manifest)).toEqual([]);
    // the schema is really applied: a manifest without its developer fails it
    const { developer: _, ...broken } = manifest;
    expect(await unifiedManifestErrors(broken)).toEqual([
      expect.stringMatching(/required property 'developer'/),
    ]);
  });

  it('names only the given origin and the same production Id as the XML manifest', () => {
    const text = JSON.stringify(manifest);
    expect(fetchedUrls(text).filter((url) => !onOrigin(url))).toEqual([]);
    expect(text).not.toMatch(/localhost|http:/);
    expect(manifest.id).toBe(productionAddinId(ORIGIN));
    expect(manifest.validDomains).toEqual(['rooms.example.com']);
  });

  it("opens the pane from the meeting organiser's ribbon with the XML manifest's requirement and permission", () => {
    const text = JSON.stringify(manifest);
    expect(text).toContain('"contexts":["meetingDetailsOrganizer"]');
    expect(text).toContain(`"code":{"page":"${ORIGIN}/taskpane.html"}`);
    expect(text).toContain('{"name":"Mailbox","minVersion":"1.3"}');
    expect(text).toContain('{"name":"MailboxItem.ReadWrite.User","type":"Delegated"}');
  });

  it('runs the send handler on OnAppointmentSend (event-based activation), soft-blocking, from its own runtime on the origin', () => {
    const extension = (manifest.extensions as Array<Record<string, unknown>>)[0]!;
    const runtimes = extension.runtimes as Array<{
      id: string;
      code: Record<string, string>;
      actions: unknown[];
    }>;
    const sender = runtimes.find((runtime) => runtime.id === 'SendRuntime')!;
    expect(sender.code).toEqual({
      page: `${ORIGIN}/meeting-send.html`,
      script: `${ORIGIN}/meeting-send.js`,
    });
    expect(sender.actions).toEqual([{ id: SEND_HANDLER_FUNCTION, type: 'executeFunction' }]);
    expect(extension.autoRunEvents).toEqual([
      {
        requirements: { capabilities: [{ name: 'Mailbox', minVersion: '1.12' }] },
        events: [
          { type: 'appointmentSend', actionId: SEND_HANDLER_FUNCTION, options: { sendMode: 'softBlock' } },
        ],
      },
    ]);
  });

  it('is zipped with its 192 px colour and 32 px outline icons into the app package', () => {
    const files = unzipSync(appPackage(ORIGIN));
    expect(Object.keys(files).sort()).toEqual(['color.png', UNIFIED_MANIFEST_FILE, 'outline.png'].sort());
    expect(JSON.parse(strFromU8(files[UNIFIED_MANIFEST_FILE]!))).toEqual(manifest);
    expect(pngSize(files['color.png']!)).toEqual([192, 192]);
    expect(pngSize(files['outline.png']!)).toEqual([32, 32]);
  });
});

describe('the app registration for Microsoft 365 sign-in (ADDIN_CLIENT_ID)', () => {
  const CLIENT_ID = '6f1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

  it('is read from ADDIN_CLIENT_ID, refused unless it is a GUID, and optional', () => {
    expect(addinClientId({ ADDIN_CLIENT_ID: CLIENT_ID.toUpperCase() })).toBe(CLIENT_ID);
    expect(addinClientId({})).toBeNull();
    expect(() => addinClientId({ ADDIN_CLIENT_ID: 'workplace' })).toThrow(/ADDIN_CLIENT_ID must be/);
  });

  it('goes into the XML manifest as WebApplicationInfo, which still passes the schemas', () => {
    const xml = xmlManifest(ORIGIN, CLIENT_ID);
    const info = new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName('WebApplicationInfo');
    expect(info.length).toBe(1);
    expect(info[0]!.getElementsByTagName('Id')[0]!.textContent).toBe(CLIENT_ID);
    expect(info[0]!.getElementsByTagName('Resource')[0]!.textContent).toBe(
      `api://rooms.example.com/${CLIENT_ID}`,
    );
    expect(xmlManifest(ORIGIN)).not.toContain('WebApplicationInfo');
    if (hasXsds) expect(validateXmlManifest(xml).ok).toBe(true);
  });

  it('goes into the unified manifest as webApplicationInfo, which still passes its schema', async () => {
    const unified = unifiedManifest(ORIGIN, CLIENT_ID);
    expect(unified.webApplicationInfo).toEqual({
      id: CLIENT_ID,
      resource: `api://rooms.example.com/${CLIENT_ID}`,
    });
    expect(await unifiedManifestErrors(unified)).toEqual([]);
    expect(unifiedManifest(ORIGIN)).not.toHaveProperty('webApplicationInfo');
  });
});
