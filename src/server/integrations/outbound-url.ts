import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * URLs an administrator types (calendar endpoints, identity provider metadata, intranet links) are
 * fetched by the server, so they must not reach into the server's own network (SSRF): no loopback,
 * private, link-local, cloud metadata, unspecified or otherwise special addresses, for the literal
 * host and for every address its name resolves to. An operator running everything on a private
 * network allows them with ALLOW_PRIVATE_CONNECTOR_URLS=true (the tests do, for their local fakes).
 */
export const OUTBOUND_MESSAGES = {
  invalid: 'Please enter a valid address starting with https:// or http://.',
  scheme: 'Only http:// and https:// addresses are allowed.',
  credentials: 'The address must not contain a user name or password.',
  internal:
    "This address points inside the server's own network; connectors may only reach public addresses.",
  unresolvable: 'This host name cannot be found.',
} as const;

export interface OutboundPolicy {
  /** ALLOW_PRIVATE_CONNECTOR_URLS: internal addresses are allowed too. */
  allowPrivate: boolean;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const blocked = new BlockList();
// IPv4: "this network", RFC 1918, shared address space (CGNAT), loopback, link-local (incl. the
// 169.254.169.254 metadata address), IETF protocol assignments, documentation, benchmarking,
// multicast, reserved and broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, IPv4-mapped and -translated (checked again as IPv4 below), discard,
// documentation, unique local fc00::/7 (incl. the fd00:ec2::254 metadata address), link-local
// fe80::/10, site-local, multicast.
blocked.addAddress('::', 'ipv6');
blocked.addAddress('::1', 'ipv6');
for (const [net, prefix] of [
  // IPv4-compatible (::a.b.c.d, deprecated; [::127.0.0.1] reads as ::7f00:1) and Teredo, whose
  // IPv4 address is obscured: neither has a use for a connector.
  ['::', 96],
  ['2001::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Host names that are internal whatever they resolve to. */
const INTERNAL_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /^metadata\.google\.internal$/,
  /\.internal$/,
  /\.local$/,
];

/** The eight 16-bit groups of an IPv6 address, a dotted IPv4 tail read as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const middle = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * An IPv4 address carried in an IPv6 one, judged as that IPv4 address: IPv4-mapped
 * (::ffff:a.b.c.d, in dotted or hex form) and 6to4 (2002:aabb:ccdd::/48, so [2002:7f00:1::] is
 * loopback).
 */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return dotted(groups[1]!, groups[2]!);
  return null;
}

/** True for an address a connector must not reach (loopback, private, link-local, metadata, …). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: never trusted
  const v4 = embeddedIpv4(bare);
  if (v4 !== null && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(bare, 'ipv6');
}

/** The URL's form alone: scheme, no credentials, a host. */
export function checkUrlSyntax(input: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: OUTBOUND_MESSAGES.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: OUTBOUND_MESSAGES.scheme };
  if (url.username || url.password) return { ok: false, message: OUTBOUND_MESSAGES.credentials };
  if (!url.hostname) return { ok: false, message: OUTBOUND_MESSAGES.invalid };
  return { ok: true, url };
}

const lookupAll = promisify(dnsLookup) as unknown as (
  host: string,
  options: { all: true; verbatim: true },
) => Promise<LookupAddress[]>;

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookupAll(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Checks an address an administrator typed: its form, its literal host, and every address its name
 * resolves to now. A name that does not resolve is refused too (a connector could never reach it,
 * and it might resolve inside later); with internal addresses allowed only the form is checked.
 */
export async function checkOutboundUrl(
  input: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<UrlCheck> {
  const syntax = checkUrlSyntax(input);
  if (!syntax.ok || policy.allowPrivate) return syntax;
  const host = syntax.url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (isIP(host))
    return isInternalAddress(host) ? { ok: false, message: OUTBOUND_MESSAGES.internal } : syntax;
  if (INTERNAL_NAMES.some((pattern) => pattern.test(host)))
    return { ok: false, message: OUTBOUND_MESSAGES.internal };
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, message: OUTBOUND_MESSAGES.unresolvable };
  }
  if (addresses.length === 0) return { ok: false, message: OUTBOUND_MESSAGES.unresolvable };
  if (addresses.some(isInternalAddress)) return { ok: false, message: OUTBOUND_MESSAGES.internal };
  return syntax;
}

/** Refused by the guard at request time: the URL or an address it resolved to is internal. */
export class OutboundUrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundUrlRefusedError';
  }
}

/**
 * A DNS lookup for sockets that refuses internal addresses at connect time. This, not the check made
 * when the URL was saved, is what stops DNS rebinding: the name is judged by the very addresses the
 * socket is about to connect to.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      if (
        !policy.allowPrivate &&
        (list.length === 0 || list.some((entry) => isInternalAddress(entry.address)))
      )
        return callback(new OutboundUrlRefusedError(OUTBOUND_MESSAGES.internal), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** default 30 s */
  timeoutMs?: number;
  /** default 10 MB: a larger answer is refused rather than held in memory */
  maxBytes?: number;
  /** default 5; each hop is checked again */
  maxRedirects?: number;
}

/**
 * fetch() for administrator-typed URLs (the calendar and SSO code use it for every such call): the
 * URL is checked, and the socket's own DNS lookup refuses internal addresses, for every redirect hop.
 * Answers a standard Response; redirects are followed only for GET and HEAD.
 */
export async function guardedFetch(
  input: string | URL,
  init: GuardedRequestInit,
  policy: OutboundPolicy,
): Promise<Response> {
  let url = String(input);
  const method = (init.method ?? 'GET').toUpperCase();
  for (let hop = 0; ; hop++) {
    const check = await checkOutboundUrl(url, policy);
    if (!check.ok) throw new OutboundUrlRefusedError(check.message);
    const answer = await requestOnce(check.url, method, init, policy);
    const location = answer.headers.get('location');
    const redirect = [301, 302, 303, 307, 308].includes(answer.status) && location;
    if (!redirect || (method !== 'GET' && method !== 'HEAD') || hop >= (init.maxRedirects ?? 5))
      return answer;
    url = new URL(location, check.url).toString();
  }
}

function requestOnce(
  url: URL,
  method: string,
  init: GuardedRequestInit,
  policy: OutboundPolicy,
): Promise<Response> {
  const client = url.protocol === 'https:' ? https : http;
  const maxBytes = init.maxBytes ?? 10 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method, headers: init.headers, lookup: guardedLookup(policy), timeout: init.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new Error(`The answer of ${url.host} is larger than ${maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
          }
          const status = response.statusCode ?? 502;
          const body = status === 204 || status === 304 || method === 'HEAD' ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage ?? '', headers }));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${url.host} did not answer in time.`)));
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}
