import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideMediaType, mediaTypeOfEmpty, TextCheck, UnsupportedContentError } from '../content-type';

const pdf = { mime: 'application/pdf', ext: 'pdf' };
const docx = { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };

describe('media type by content', () => {
  it('trusts the magic number over the name for PDF and DOCX', () => {
    assert.equal(decideMediaType('report.pdf', pdf, false), 'application/pdf');
    assert.equal(decideMediaType('report.docx', docx, false), docx.mime);
    assert.equal(decideMediaType('misnamed.txt', pdf, false), 'application/pdf');
  });

  it('refuses other binary content, whatever the name says', () => {
    assert.throws(() => decideMediaType('invoice.pdf', { mime: 'application/x-msdownload', ext: 'exe' }, false), UnsupportedContentError);
    assert.throws(() => decideMediaType('archive.docx', { mime: 'application/zip', ext: 'zip' }, false), /application\/zip/);
    assert.throws(() => decideMediaType('photo.png', { mime: 'image/png', ext: 'png' }, false), /not a supported document/);
    assert.throws(() => decideMediaType('data.bin', undefined, false), /not a supported document by its content/);
  });

  it('takes text formats by valid UTF-8 with the extension as the hint', () => {
    assert.equal(decideMediaType('page.html', undefined, true), 'text/html');
    assert.equal(decideMediaType('PAGE.HTM', undefined, true), 'text/html');
    assert.equal(decideMediaType('readme.md', undefined, true), 'text/markdown');
    assert.equal(decideMediaType('notes.txt', undefined, true), 'text/plain');
    assert.equal(decideMediaType('README', undefined, true), 'text/plain');
    assert.throws(() => decideMediaType('scan.pdf', undefined, true), /named \.pdf but its content is text/);
    assert.throws(() => decideMediaType('script.js', undefined, true), /unsupported extension \.js/);
  });

  it('names an empty file by its extension (ingestion then reports it empty)', () => {
    assert.equal(mediaTypeOfEmpty('a.pdf'), 'application/pdf');
    assert.equal(mediaTypeOfEmpty('a.md'), 'text/markdown');
    assert.equal(mediaTypeOfEmpty('a'), 'text/plain');
  });

  it('checks UTF-8 across chunk borders and refuses NUL bytes', () => {
    const bytes = Buffer.from('Grüße', 'utf8');
    const check = new TextCheck();
    check.push(bytes.subarray(0, 3)); // splits the ü
    check.push(bytes.subarray(3));
    assert.equal(check.end(), true);
    const broken = new TextCheck();
    broken.push(Buffer.from([0x47, 0xc3]));
    assert.equal(broken.end(), false, 'a sequence cut off at the end');
    const nul = new TextCheck();
    nul.push(Buffer.from([0x41, 0x00, 0x42]));
    assert.equal(nul.end(), false);
  });
});
