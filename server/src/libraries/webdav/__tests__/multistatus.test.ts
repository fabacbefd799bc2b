import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LibraryError } from '../../connector';
import { readMultistatus } from '../multistatus';

/** The body in chunks of `size` bytes, as a network delivers it. */
async function* chunks(text: string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const NEXTCLOUD = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns">
 <d:response>
  <d:href>/remote.php/dav/files/anna/</d:href>
  <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><oc:fileid>1</oc:fileid></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
  <d:propstat><d:prop><d:getcontentlength/><d:getetag/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
 </d:response>
 <d:response>
  <d:href>/remote.php/dav/files/anna/Gr%C3%BC%C3%9Fe%20&amp;%20mehr.pdf</d:href>
  <d:propstat><d:prop>
   <d:resourcetype/><d:getetag>&quot;5f2a&quot;</d:getetag><d:getcontentlength>1234</d:getcontentlength>
   <d:getcontenttype>application/pdf</d:getcontenttype><oc:fileid>  42 </oc:fileid><d:displayname><![CDATA[Grüße & mehr.pdf]]></d:displayname>
  </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
 </d:response>
</d:multistatus>`;

const refusedAs = (pattern: RegExp) => (error: unknown) => error instanceof LibraryError && error.reason === 'garbage' && pattern.test(error.message);

describe('readMultistatus', () => {
  it('reads resources across chunk borders, with only the properties a 2xx propstat found', async () => {
    const resources = await readMultistatus(chunks(NEXTCLOUD), 1 << 20);
    assert.deepEqual(resources, [
      { href: '/remote.php/dav/files/anna/', isCollection: true, etag: null, size: null, contentType: null, lastModified: null, displayName: null, fileId: '1' },
      {
        href: '/remote.php/dav/files/anna/Gr%C3%BC%C3%9Fe%20&%20mehr.pdf',
        isCollection: false,
        etag: '"5f2a"',
        size: 1234,
        contentType: 'application/pdf',
        lastModified: null,
        displayName: 'Grüße & mehr.pdf',
        fileId: '42',
      },
    ]);
  });

  it('refuses a DTD and never expands its entities (billion laughs)', async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const body = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${levels}]><d:multistatus xmlns:d="DAV:"><d:response><d:href>&lol9;</d:href></d:response></d:multistatus>`;
    const started = process.memoryUsage().heapUsed;
    await assert.rejects(readMultistatus(chunks(body, 64), 1 << 20), refusedAs(/DTD/));
    assert.ok(process.memoryUsage().heapUsed - started < 50 * 1024 * 1024, 'nothing was expanded');
  });

  it('leaves an undeclared entity unexpanded and refuses the answer', async () => {
    await assert.rejects(readMultistatus(chunks('<d:multistatus xmlns:d="DAV:"><d:response><d:href>&ext;</d:href></d:response></d:multistatus>'), 1 << 20), refusedAs(/entity/));
  });

  it('refuses what is not a multistatus, broken XML, an empty body and an answer past the size bound', async () => {
    await assert.rejects(readMultistatus(chunks('<html><body>Login</body></html>'), 1 << 20), refusedAs(/not a DAV multistatus/));
    await assert.rejects(readMultistatus(chunks('<d:multistatus xmlns:d="DAV:"><d:response>'), 1 << 20), refusedAs(/could not be read/));
    await assert.rejects(readMultistatus(chunks(''), 1 << 20), refusedAs(/empty/));
    await assert.rejects(readMultistatus(chunks(NEXTCLOUD), 100), refusedAs(/larger than/));
    const long = `<d:multistatus xmlns:d="DAV:"><d:response><d:href>${'a'.repeat(10_000)}</d:href></d:response></d:multistatus>`;
    await assert.rejects(readMultistatus(chunks(long, 1000), 1 << 20), refusedAs(/longer than/));
  });
});
