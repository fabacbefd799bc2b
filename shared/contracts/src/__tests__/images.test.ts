import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiErrorStatusOf } from '../api-error';
import {
  IMAGE_ACCEPT,
  IMAGE_ERRORS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PER_MESSAGE,
  IMAGE_MEDIA_TYPES,
  isImageFile,
  isImageMediaType,
  isOverImageLimit,
} from '../images';
import { languageModelSchema } from '../resources';
import { accepts } from './helpers';

describe('image rules', () => {
  it('takes PNG, JPEG, WebP and GIF, by media type or by extension', () => {
    assert.deepEqual(IMAGE_MEDIA_TYPES, ['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
    assert.ok(isImageMediaType('image/png'));
    assert.ok(isImageMediaType('IMAGE/JPEG; charset=binary'));
    assert.ok(!isImageMediaType('image/svg+xml'));
    assert.ok(!isImageMediaType('image/heic'));
    assert.ok(!isImageMediaType(undefined));
    // A pasted screenshot has a media type and often a made-up name.
    assert.ok(isImageFile({ name: 'image.png', type: 'image/png' }));
    assert.ok(isImageFile({ name: '', type: 'image/webp' }));
    assert.ok(isImageFile({ name: 'Photo.JPEG' }));
    assert.ok(isImageFile({ name: 'anim.gif', type: '' }));
    // The browser's type wins over the name: an SVG named .png is not taken as an image.
    assert.ok(!isImageFile({ name: 'logo.png', type: 'image/svg+xml' }));
    assert.ok(!isImageFile({ name: 'report.pdf', type: 'application/pdf' }));
    assert.ok(!isImageFile({ name: 'notes' }));
  });

  it('limits an image to 10 MB and a question to 4 images', () => {
    assert.equal(IMAGE_MAX_BYTES, 10 * 1024 * 1024);
    assert.ok(!isOverImageLimit(IMAGE_MAX_BYTES));
    assert.ok(isOverImageLimit(IMAGE_MAX_BYTES + 1));
    assert.equal(IMAGE_MAX_PER_MESSAGE, 4);
    assert.match(IMAGE_ERRORS.tooManyImages.message, /at most 4 images/);
  });

  it('names every type and extension for the file dialog', () => {
    assert.equal(IMAGE_ACCEPT, 'image/png,.png,image/jpeg,.jpg,.jpeg,image/webp,.webp,image/gif,.gif');
  });

  it('refuses with the statuses of their codes', () => {
    for (const refusal of Object.values(IMAGE_ERRORS)) assert.equal(refusal.statusCode, apiErrorStatusOf(refusal.code));
    assert.equal(IMAGE_ERRORS.modelWithoutImages.code, 'images_not_supported');
  });

  it('marks the models that accept images in the model list', () => {
    assert.equal(accepts(languageModelSchema, { id: 'vision', name: 'vision', type: 'llm', accepts_images: true }).accepts_images, true);
    assert.equal(accepts(languageModelSchema, { id: 'text', name: 'text', type: 'llm' }).accepts_images, undefined);
  });
});
