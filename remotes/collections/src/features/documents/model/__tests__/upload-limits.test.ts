import { UPLOAD_EXTENSIONS } from '@assistant/contracts';
import { ACCEPT_ATTRIBUTE, checkUpload } from '../upload-limits';

const MB = 1024 * 1024;

describe('upload limits (the contract rules, as the server applies them)', () => {
  it('takes the accepted extensions in any case, and offers them to the file picker', () => {
    for (const name of ['a.pdf', 'B.DOCX', 'c.html', 'd.htm', 'e.md', 'f.markdown', 'g.txt', 'h.text', 'i.log', 'j.csv']) {
      expect(checkUpload({ name, size: 10 }, 20)).toBeNull();
    }
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.docx,.html,.htm,.md,.markdown,.txt,.text,.log,.csv');
    expect(ACCEPT_ATTRIBUTE.split(',')).toEqual(UPLOAD_EXTENSIONS.map((extension) => `.${extension}`));
  });

  it('takes a name without an extension, which the server reads by its content (text as plain text)', () => {
    expect(checkUpload({ name: 'README', size: 10 }, 20)).toBeNull();
    expect(checkUpload({ name: 'README', size: 10, type: '' }, 20)).toBeNull();
    expect(checkUpload({ name: '.pdf', size: 10 }, 20)).toBeNull();
  });

  it('refuses other extensions, and a name without one whose media type is something else', () => {
    expect(checkUpload({ name: 'setup.exe', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'old.doc', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'photo', size: 10, type: 'image/png' }, 20)).toEqual({ kind: 'wrong-type' });
  });

  it('refuses a file over the limit, counted in MB of 1024 x 1024 bytes as the server does', () => {
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB }, 20)).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB + 1 }, 20)).toEqual({ kind: 'too-large', maxMB: 20 });
    expect(checkUpload({ name: 'a.pdf', size: 2 * MB }, 1.5)).toEqual({ kind: 'too-large', maxMB: 1.5 });
    expect(checkUpload({ name: 'README', size: 20 * MB + 1 }, 20)).toEqual({ kind: 'too-large', maxMB: 20 });
  });
});
