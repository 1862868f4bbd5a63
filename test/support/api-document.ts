import type { InjectOptions } from 'fastify';

/** The server's OpenAPI document (GET /api/docs/json), as far as the route sweeps read it. */

export type Method = NonNullable<InjectOptions['method']>;
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
}
/** One route and method: its path parameters, query parameters and JSON body, behind a token or not. */
export interface Operation {
  method: Method;
  path: string;
  params: string[];
  query: string[];
  body: JsonSchema | null;
  secured: boolean;
}
export interface ApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document whose path starts with `prefix`. */
export function operationsUnder(document: ApiDocument, prefix: string): Operation[] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      })),
    );
}
