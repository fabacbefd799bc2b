import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentPageSchema } from '@assistant/contracts';
import { toDocumentPage } from '../document-pages';

describe('toDocumentPage', () => {
  it('maps a stored page to the contracts shape, anchoring each box at its first character', () => {
    const page = toDocumentPage({
      file_id: '6f1c2a4e-8d0b-4a57-9a4e-1f2b3c4d5e6f',
      page_number: 2,
      text: 'Erste Zeile\nZweite Zeile',
      wordcount: 4,
      boxes: [
        { left: 0.1, top: 0.1, right: 0.5, bottom: 0.12, start: 0, end: 11 },
        { left: 0.1, top: 0.13, right: 1.0000001, bottom: 0.15, start: 12, end: 24 },
      ],
    });
    assert.deepEqual(page.bounding_boxes.map((b) => b.anchor_point), [0, 12]);
    assert.equal(page.bounding_boxes[1]!.right, 1);
    assert.equal(page.reference_id, '6f1c2a4e-8d0b-4a57-9a4e-1f2b3c4d5e6f');
    assert.equal(documentPageSchema.safeParse(page).success, true);
  });

  it('reads boxes given as a JSON string and tolerates none', () => {
    const row = { file_id: '6f1c2a4e-8d0b-4a57-9a4e-1f2b3c4d5e6f', page_number: 1, text: 'abc', wordcount: 1 };
    assert.equal(toDocumentPage({ ...row, boxes: '[{"left":0,"top":0,"right":1,"bottom":1,"start":1,"end":3}]' }).bounding_boxes[0]!.anchor_point, 1);
    assert.deepEqual(toDocumentPage({ ...row, boxes: null }).bounding_boxes, []);
  });
});
