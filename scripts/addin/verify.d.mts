export const XSD_VALIDATOR: string;
export function originProblems(text: string, origin: string): string[];
export function validateXmlManifest(xml: string): { ok: boolean; skipped?: boolean; output: string };
export function unifiedManifestErrors(manifest: object): Promise<string[]>;
