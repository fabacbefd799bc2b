import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanFileName } from '../clean-file-name';

describe('cleanFileName', () => {
  it('drops bidirectional controls, so "invoice\u202Efdp.exe" cannot pass for invoice-exe.pdf', () => {
    assert.equal(cleanFileName('invoice\u202Efdp.exe'), 'invoicefdp.exe');
    for (const control of ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      assert.equal(cleanFileName(`a${control}b.txt`), 'ab.txt', `U+${control.codePointAt(0)!.toString(16).toUpperCase()}`);
    }
  });

  it('keeps letters of every script, and right-to-left names as they are', () => {
    assert.equal(cleanFileName('Bericht über Straße.pdf'), 'Bericht über Straße.pdf');
    assert.equal(cleanFileName('تقرير.pdf'), 'تقرير.pdf');
  });

  it('keeps only the last path segment and no control characters', () => {
    assert.equal(cleanFileName('../../etc/passwd'), 'passwd');
    assert.equal(cleanFileName('C:\\Users\\a\\b.txt'), 'b.txt');
    assert.equal(cleanFileName('a\u0000b\u001f.txt'), 'ab.txt');
    assert.equal(cleanFileName('\u202E'), 'unnamed');
    assert.equal(cleanFileName(undefined), 'unnamed');
  });
});
