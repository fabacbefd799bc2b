import { SaxesParser, type SaxesTagNS } from 'saxes';
import { LibraryError } from '../connector';

/** One `<response>` of a PROPFIND answer, with the properties its 2xx `<propstat>` named. */
export interface DavResource {
  href: string;
  isCollection: boolean;
  etag: string | null;
  size: number | null;
  contentType: string | null;
  lastModified: string | null;
  displayName: string | null;
  /** Nextcloud's and ownCloud's stable file id (`oc:fileid`), kept across renames. */
  fileId: string | null;
}

const DAV = 'DAV:';
const OWNCLOUD = 'http://owncloud.org/ns';
/** Longest text of one property or href read; longer is garbage, not data. */
const MAX_TEXT = 8192;

/** The PROPFIND body that asks for what DavResource holds. */
export const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop>' +
  '<d:resourcetype/><d:getetag/><d:getcontentlength/><d:getcontenttype/><d:getlastmodified/><d:displayname/><oc:fileid/>' +
  '</d:prop></d:propfind>';

type Property = 'etag' | 'size' | 'contentType' | 'lastModified' | 'displayName' | 'fileId';

function propertyOf(tag: SaxesTagNS): Property | undefined {
  if (tag.uri === OWNCLOUD) return tag.local === 'fileid' ? 'fileId' : undefined;
  if (tag.uri !== DAV) return undefined;
  switch (tag.local) {
    case 'getetag':
      return 'etag';
    case 'getcontentlength':
      return 'size';
    case 'getcontenttype':
      return 'contentType';
    case 'getlastmodified':
      return 'lastModified';
    case 'displayname':
      return 'displayName';
    default:
      return undefined;
  }
}

const garbage = (what: string) => new LibraryError(`The library answered a folder listing that could not be read: ${what}`, 'garbage');

/**
 * Reads a WebDAV multistatus answer as it arrives, answering its resources. The XML is parsed
 * without a DTD: an answer that declares one (the way to an entity expansion attack) is refused,
 * and entities other than XML's five are never expanded. At most `maxBytes` are read.
 */
export async function readMultistatus(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<DavResource[]> {
  const resources: DavResource[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  let failure: LibraryError | undefined;
  const fail = (error: LibraryError) => {
    failure ??= error;
  };

  const path: SaxesTagNS[] = [];
  let sawRoot = false;
  let response: { href: string | null; props: Partial<DavResource>[] } | undefined;
  let propstat: { props: Partial<DavResource>; status: string | null } | undefined;
  let text: { target: 'href' | 'status' | Property; value: string } | undefined;

  parser.on('doctype', () => fail(garbage('it declares a DTD, which is refused')));
  parser.on('error', (error) => fail(garbage(error.message)));
  parser.on('opentag', (tag) => {
    if (!sawRoot) {
      sawRoot = true;
      if (tag.uri !== DAV || tag.local !== 'multistatus') fail(garbage(`it is <${tag.name}>, not a DAV multistatus`));
    }
    const parent = path[path.length - 1];
    path.push(tag);
    if (tag.uri === DAV && tag.local === 'response' && parent?.local === 'multistatus') {
      response = { href: null, props: [] };
    } else if (response && tag.uri === DAV && tag.local === 'href' && parent?.local === 'response') {
      text = { target: 'href', value: '' };
    } else if (response && tag.uri === DAV && tag.local === 'propstat') {
      propstat = { props: {}, status: null };
    } else if (propstat && tag.uri === DAV && tag.local === 'status' && parent?.local === 'propstat') {
      text = { target: 'status', value: '' };
    } else if (propstat && parent?.uri === DAV && parent.local === 'prop') {
      const property = propertyOf(tag);
      if (property) text = { target: property, value: '' };
    } else if (propstat && tag.uri === DAV && tag.local === 'collection' && parent?.local === 'resourcetype') {
      propstat.props.isCollection = true;
    }
  });
  const onText = (value: string) => {
    if (!text) return;
    text.value += value;
    if (text.value.length > MAX_TEXT) fail(garbage(`a value is longer than ${MAX_TEXT} characters`));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    path.pop();
    if (text && path.length > 0) {
      const { target, value } = text;
      const trimmed = value.trim();
      if (target === 'href' && response) response.href = trimmed;
      else if (target === 'status' && propstat) propstat.status = trimmed;
      else if (target !== 'href' && target !== 'status' && propstat) setProperty(propstat.props, target, trimmed);
      text = undefined;
    }
    if (tag.uri !== DAV) return;
    if (tag.local === 'propstat' && propstat && response) {
      // Only the properties the server found count (`HTTP/1.1 200 OK`); 404 lists the missing ones.
      if (/^HTTP\/\d(\.\d)? 2\d\d/.test(propstat.status ?? '')) response.props.push(propstat.props);
      propstat = undefined;
    } else if (tag.local === 'response' && response) {
      if (response.href) resources.push(toResource(response.href, response.props));
      response = undefined;
    }
  });

  const decoder = new TextDecoder('utf-8', { fatal: false });
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw garbage(`it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
  }
  parser.write(decoder.decode());
  if (!failure && !sawRoot) throw garbage('it is empty');
  parser.close();
  if (failure) throw failure;
  return resources;
}

function setProperty(props: Partial<DavResource>, property: Property, value: string) {
  if (property === 'size') {
    const size = Number(value);
    props.size = Number.isSafeInteger(size) && size >= 0 ? size : null;
  } else {
    props[property] = value === '' ? null : value;
  }
}

function toResource(href: string, found: Partial<DavResource>[]): DavResource {
  const props = Object.assign({}, ...found) as Partial<DavResource>;
  return {
    href,
    isCollection: props.isCollection ?? false,
    etag: props.etag ?? null,
    size: props.size ?? null,
    contentType: props.contentType ?? null,
    lastModified: props.lastModified ?? null,
    displayName: props.displayName ?? null,
    fileId: props.fileId ?? null,
  };
}
