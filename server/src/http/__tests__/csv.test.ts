import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvLine } from '../csv';

describe('CSV cells', () => {
  it('quotes a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    assert.equal(csvCell('plain text'), 'plain text');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\rlf'), '"cr\rlf"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell(-3), '-3', 'a number is a number');
  });

  it('makes a text a spreadsheet would run as a formula plain text', () => {
    for (const formula of ['=1+1', '+49 30 1234', '-2', '@SUM(A1)', '\tTAB', '\r=1']) {
      assert.ok(csvCell(formula).replace(/^"/, '').startsWith(`'${formula[0]}`), formula);
    }
    assert.equal(csvCell('=HYPERLINK("https://evil.example","x")'), `"'=HYPERLINK(""https://evil.example"",""x"")"`);
    assert.equal(csvCell('a=b'), 'a=b', 'only a leading character counts');
  });

  it('ends a line in CRLF', () => {
    assert.equal(csvLine(['a', 'b,c', null]), 'a,"b,c",\r\n');
  });
});
