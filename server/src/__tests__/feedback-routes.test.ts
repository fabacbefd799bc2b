import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, feedbackListResponseSchema, feedbackReceiptSchema } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('feedback', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('stores accessibility feedback with the ui version under the signed-in user', async () => {
    const response = await t.as('employee', {
      method: 'POST',
      url: '/api/feedback/accessibility',
      payload: { message: '  The chat input has no label.  ', page: '/chat', ui_version: '3.244.1-alpha.0' },
    });
    assert.equal(response.statusCode, 201);
    const receipt = feedbackReceiptSchema.parse(response.json());

    const list = feedbackListResponseSchema.parse((await t.as('admin', { method: 'GET', url: '/api/admin/feedback' })).json());
    const entry = list.feedback.find((item) => item.id === receipt.id);
    assert.ok(entry);
    assert.equal(entry.user_id, 'employee');
    assert.equal(entry.category, 'accessibility');
    assert.equal(entry.message, 'The chat input has no label.');
    assert.equal(entry.ui_version, '3.244.1-alpha.0');
  });

  it('refuses an empty message, a missing ui_version, a user id in the body and an unknown category', async () => {
    const empty = await t.as('employee', {
      method: 'POST',
      url: '/api/feedback/accessibility',
      payload: { message: '   ', user_id: 'admin' },
    });
    assert.equal(empty.statusCode, 400);
    const messages = apiErrorSchema.parse(empty.json()).issues!.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    assert.ok(messages.some((m) => m.startsWith('body.message: Please describe the problem')), messages.join(' | '));
    assert.ok(messages.some((m) => m.startsWith('body.ui_version')), messages.join(' | '));
    assert.ok(messages.some((m) => m.includes('user_id')), messages.join(' | '));

    const unknown = await t.as('employee', {
      method: 'POST',
      url: '/api/feedback/praise',
      payload: { message: 'x', ui_version: '1' },
    });
    assert.equal(unknown.statusCode, 400);
  });

  it('shows the feedback list to administrators only', async () => {
    assert.equal((await t.as('employee', { method: 'GET', url: '/api/admin/feedback' })).statusCode, 403);
  });
});
