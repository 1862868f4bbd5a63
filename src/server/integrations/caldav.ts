import { DOMParser } from '@xmldom/xmldom';
import {
  CalendarServiceError,
  DEFAULT_RETRY,
  failure,
  fetchRespectingThrottling,
  type FetchLike,
  type RetryPolicy,
} from './calendar-http';

/**
 * A CalDAV calendar collection (RFC 4791) on any standards-based server: events are iCalendar
 * objects PUT at `<collection>/<uid>.ics` and DELETEd there; changes since the last look come from
 * the WebDAV sync-collection report (RFC 6578) with each object's ETag and data.
 */
export interface CalDavSettings {
  /** the calendar collection, e.g. https://dav.example.com/rooms/room-1/ */
  calendarUrl: string;
  username?: string;
  password?: string;
  fetch?: FetchLike;
  retry?: RetryPolicy;
}

export interface CalDavObject {
  /** absolute URL of the calendar object resource */
  href: string;
  etag: string | null;
  /** iCalendar text */
  data: string;
}

export interface CalDavChanges {
  changed: CalDavObject[];
  /** absolute URLs of objects removed since the token */
  removed: string[];
  syncToken: string;
  /** every object of the collection was listed: no token, or one the server no longer knew */
  whole: boolean;
}

const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const SERVICE = 'CalDAV';

export class CalDavClient {
  private readonly calendarUrl: string;
  private readonly fetchFn: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly authorization: string | null;

  constructor(settings: CalDavSettings) {
    this.calendarUrl = settings.calendarUrl.endsWith('/') ? settings.calendarUrl : `${settings.calendarUrl}/`;
    this.fetchFn = settings.fetch ?? fetch;
    this.retry = settings.retry ?? DEFAULT_RETRY;
    this.authorization =
      settings.username !== undefined
        ? `Basic ${Buffer.from(`${settings.username}:${settings.password ?? ''}`).toString('base64')}`
        : null;
  }

  /** Where the object of an event UID lives in this collection. */
  hrefOf(uid: string): string {
    return new URL(`${encodeURIComponent(uid)}.ics`, this.calendarUrl).toString();
  }

  /**
   * Writes the event (created or replaced: the product owns the events it writes, so a change made
   * meanwhile on the server is overwritten). Answers the new ETag when the server gives one.
   */
  async putEvent(href: string, ics: string, ifMatch?: string | null): Promise<string | null> {
    const response = await this.send(href, {
      method: 'PUT',
      // with the ETag read: written only over that version (412 when it changed meanwhile)
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      body: ics,
    });
    if (response.status !== 201 && response.status !== 204 && response.status !== 200) {
      throw await failure(SERVICE, response);
    }
    await response.arrayBuffer();
    return response.headers.get('etag');
  }

  /** The object at `href`, or null when it is gone. */
  async getEvent(href: string): Promise<CalDavObject | null> {
    const response = await this.send(href, { method: 'GET', headers: { accept: 'text/calendar' } });
    if (response.status === 404 || response.status === 410) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) throw await failure(SERVICE, response);
    return { href, etag: response.headers.get('etag'), data: await response.text() };
  }

  /** Deletes the object; one already gone is fine (the job may run twice). */
  async deleteEvent(href: string): Promise<void> {
    const response = await this.send(href, { method: 'DELETE' });
    if (!response.ok && response.status !== 404 && response.status !== 410) {
      throw await failure(SERVICE, response);
    }
    await response.arrayBuffer();
  }

  /**
   * Objects changed and removed since `syncToken` (all of them when null or empty). A token the
   * server no longer knows (RFC 6578 §3.2 valid-sync-token) restarts from the beginning. A listing
   * the server cut short (§3.6: 507 on the collection itself) is read on from the token it gave, so
   * the answer is whole when it says so.
   */
  async changesSince(syncToken: string | null): Promise<CalDavChanges> {
    const changed = new Map<string, CalDavObject>();
    const removed = new Set<string>();
    let page = await this.syncPage(syncToken || null);
    const whole = page.whole;
    for (let pages = 1; ; pages += 1) {
      for (const object of page.changes.changed) {
        removed.delete(object.href);
        changed.set(object.href, object);
      }
      for (const href of page.changes.removed) {
        changed.delete(href);
        removed.add(href);
      }
      if (!page.truncated) break;
      if (pages >= MAX_SYNC_PAGES || !page.changes.syncToken)
        throw new Error(`CalDAV: the listing was still cut short after ${pages} pages`);
      page = await this.syncPage(page.changes.syncToken);
    }
    return {
      changed: [...changed.values()],
      removed: [...removed],
      syncToken: page.changes.syncToken,
      whole,
    };
  }

  private async syncPage(
    syncToken: string | null,
  ): Promise<{ changes: CalDavChanges; truncated: boolean; whole: boolean }> {
    const response = await this.send(this.calendarUrl, {
      method: 'REPORT',
      headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      body:
        '<?xml version="1.0" encoding="utf-8"?>' +
        `<D:sync-collection xmlns:D="${DAV}" xmlns:C="${CALDAV}">` +
        `<D:sync-token>${syncToken ? escapeXml(syncToken) : ''}</D:sync-token>` +
        '<D:sync-level>1</D:sync-level>' +
        '<D:prop><D:getetag/><C:calendar-data/></D:prop></D:sync-collection>',
    });
    if ((response.status === 403 || response.status === 409) && syncToken !== null) {
      const body = await response.text();
      if (body.includes('valid-sync-token')) return this.syncPage(null);
      throw new CalendarServiceError(SERVICE, response.status, body);
    }
    if (response.status !== 207) throw await failure(SERVICE, response);
    return { ...this.readMultistatus(await response.text()), whole: syncToken === null };
  }

  private readMultistatus(xml: string): { changes: CalDavChanges; truncated: boolean } {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const root = doc.documentElement;
    if (!root) throw new Error('CalDAV: the multistatus answer is not XML');
    const changes: CalDavChanges = { changed: [], removed: [], syncToken: '', whole: false };
    let truncated = false;
    for (const child of elements(root)) {
      if (child.namespaceURI === DAV && child.localName === 'sync-token') {
        changes.syncToken = (child.textContent ?? '').trim();
      }
      if (child.namespaceURI !== DAV || child.localName !== 'response') continue;
      const hrefText = firstText(child, DAV, 'href');
      if (!hrefText) continue;
      const href = new URL(hrefText, this.calendarUrl).toString();
      // the collection itself may be listed; with 507, the listing was cut short
      if (sameCollection(href, this.calendarUrl)) {
        if (/ 507 /.test(firstText(child, DAV, 'status') ?? '')) truncated = true;
        continue;
      }
      const status = firstText(child, DAV, 'status');
      if (status && / 404 /.test(status) && !hasElement(child, DAV, 'propstat')) {
        changes.removed.push(href);
        continue;
      }
      const data = firstText(child, CALDAV, 'calendar-data');
      if (data === null) continue;
      changes.changed.push({ href, etag: firstText(child, DAV, 'getetag'), data });
    }
    return { changes, truncated };
  }

  private send(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const headers = { ...init.headers, ...(this.authorization ? { authorization: this.authorization } : {}) };
    return fetchRespectingThrottling(this.fetchFn, url, { ...init, headers, redirect: 'error' }, this.retry);
  }
}

/** How many cut-short pages one listing may take before the server is taken to be looping. */
const MAX_SYNC_PAGES = 1_000;

const sameCollection = (href: string, collection: string) =>
  href.replace(/\/+$/, '') === collection.replace(/\/+$/, '');

function elements(parent: Element): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) found.push(node as Element);
  }
  return found;
}

function firstText(parent: Element, namespace: string, name: string): string | null {
  const list = parent.getElementsByTagNameNS(namespace, name);
  const item = list.item(0);
  return item ? (item.textContent ?? '') : null;
}

function hasElement(parent: Element, namespace: string, name: string): boolean {
  return parent.getElementsByTagNameNS(namespace, name).length > 0;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
