import { ACCEPT_ATTRIBUTE, checkUpload, extensionOf } from '../upload-limits';

const MB = 1024 * 1024;

describe('upload limits', () => {
  it('takes the accepted extensions in any case', () => {
    for (const name of ['a.pdf', 'B.DOCX', 'c.html', 'd.htm', 'e.md', 'f.markdown', 'g.txt', 'h.text', 'i.log', 'j.csv']) {
      expect(checkUpload({ name, size: 10 }, 20)).toBeNull();
    }
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.docx,.html,.htm,.md,.markdown,.txt,.text,.log,.csv');
  });

  it('refuses other types and names without an extension', () => {
    expect(checkUpload({ name: 'setup.exe', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'old.doc', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'README', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: '.pdf', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(extensionOf('archive.tar.GZ')).toBe('.gz');
  });

  it('refuses a file over the limit, counted in MB of 1024 x 1024 bytes as the server does', () => {
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB }, 20)).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB + 1 }, 20)).toEqual({ kind: 'too-large', maxMB: 20 });
    expect(checkUpload({ name: 'a.pdf', size: 2 * MB }, 1.5)).toEqual({ kind: 'too-large', maxMB: 1.5 });
  });
});
