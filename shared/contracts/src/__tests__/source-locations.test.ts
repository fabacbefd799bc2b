import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { originalOfSourceUrl, pageRangesOf, parseSourceUrl, segmentsTextLength, sourceUrl, SOURCE_SEGMENT_JOINER } from '../source-locations';

const location = {
  collectionId: '0b9f6c1e-3f0a-4c4e-9d53-1b1f2f3e4a5b',
  fileId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  segments: [
    { page: 1, start: 120, end: 130 },
    { page: 2, start: 0, end: 5 },
  ],
};

describe('source locations', () => {
  it('round-trips through the source URL on any origin', () => {
    const url = sourceUrl('https://portal.example.com', location);
    assert.equal(url, `https://portal.example.com/collections/${location.collectionId}?file=${location.fileId}&at=1%3A120-130%2C2%3A0-5`);
    assert.deepEqual(parseSourceUrl(url), location);
    assert.deepEqual(parseSourceUrl(url.replace('https://portal.example.com', 'http://localhost:8080')), location);
  });

  it('links a synced file home: the original with the location in its fragment', () => {
    const original = 'https://cloud.example.com/remote.php/dav/files/anna/Policies/Travel%20policy.pdf';
    const url = sourceUrl('https://portal.example.com', location, original);
    assert.ok(url.startsWith(`${original}#`), url);
    assert.deepEqual(parseSourceUrl(url), location);
    assert.equal(originalOfSourceUrl(url), original);
    assert.equal(originalOfSourceUrl(sourceUrl('https://portal.example.com', location)), null, 'a portal source has no original');
    // An original that is not http(s), or has a fragment of its own, leaves the source in the portal.
    for (const unfit of ['javascript:alert(1)', `${original}#page=2`, 'not a url']) {
      const portal = sourceUrl('https://portal.example.com', location, unfit);
      assert.ok(portal.startsWith('https://portal.example.com/collections/'), portal);
      assert.deepEqual(parseSourceUrl(portal), location);
    }
  });

  it('refuses URLs that name no location', () => {
    assert.equal(parseSourceUrl(undefined), null);
    assert.equal(parseSourceUrl('not a url'), null);
    assert.equal(parseSourceUrl('https://x.test/chat?file=a&at=1:0-2'), null);
    assert.equal(parseSourceUrl(`https://x.test/collections/${location.collectionId}?file=${location.fileId}&at=1:5-2`), null);
    assert.equal(parseSourceUrl(`https://x.test/collections/${location.collectionId}?file=${location.fileId}&at=0:1-2`), null);
  });

  it('maps a range of the joined text to page ranges, split at the page break', () => {
    // text: 10 characters of page 1, the joiner, 5 characters of page 2
    assert.equal(segmentsTextLength(location.segments), 10 + SOURCE_SEGMENT_JOINER.length + 5);
    assert.deepEqual(pageRangesOf(location.segments, 2, 4), [{ page: 1, start: 122, end: 124 }]);
    assert.deepEqual(pageRangesOf(location.segments, 8, 14), [
      { page: 1, start: 128, end: 130 },
      { page: 2, start: 0, end: 3 },
    ]);
    assert.deepEqual(pageRangesOf(location.segments, 10, 11), []);
    assert.deepEqual(pageRangesOf(location.segments, 11, 16), [{ page: 2, start: 0, end: 5 }]);
  });
});
