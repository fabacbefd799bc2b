import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  apiErrorSchema,
  customAppListResponseSchema,
  customAppSchema,
  customAppVersionListResponseSchema,
  customAppVersionSchema,
  type CreateCustomAppRequestInput,
  type CustomApp,
} from '@assistant/contracts';
import { describeWithColleagues, type Colleague } from './support/colleagues-test-app';

/**
 * Sharing custom apps (docs/custom-apps.md#sharing): the access matrix of every app call as the
 * owner, a view recipient (through their group), an editor, a member of another group and an
 * administrator, and editors' versions under their name.
 */

const APP: CreateCustomAppRequestInput = {
  name: 'Invitation',
  icon: 'mail',
  template: 'Write an invitation to {{topic}}.',
  variables: [{ name: 'topic', label: 'Occasion', kind: 'short_text' }],
};
const OTHERS = ['tom', 'eddie', 'sam', 'admin'] as const;

describeWithColleagues('sharing custom apps', (suite) => {

  async function create(person: Colleague): Promise<CustomApp> {
    const response = await suite.t.as(person, { method: 'POST', url: '/api/custom-apps', payload: APP });
    assert.equal(response.statusCode, 201, response.body);
    return customAppSchema.parse(response.json());
  }

  it('gives each colleague what the shares say on every call, and nothing to anyone else', async () => {
    const app = await create('maria');
    await suite.t.share('maria', 'custom_app', app.id, [
      { target: { type: 'group', id: '/finance' }, role: 'view' },
      { target: { type: 'user', id: 'eddie' }, role: 'edit' },
    ]);
    const base = `/api/custom-apps/${app.id}`;

    // Reading, running, copying: the recipients, not sales, not the administrator.
    const readers = { tom: 200, eddie: 200, sam: 404, admin: 404 };
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: base }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/export` }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'POST', url: `${base}/run`, payload: { values: { topic: 'the summer party' } } }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'POST', url: `${base}/duplicate`, payload: { language: 'en' } }), { tom: 201, eddie: 201, sam: 404, admin: 404 });

    // The history and changes: the editor; the viewer may only run it.
    const editors = { tom: 403, eddie: 200, sam: 404, admin: 404 };
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/versions` }), editors);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/versions/1` }), editors);
    const save = (person: Colleague) => ({ method: 'PUT', url: base, payload: { ...APP, name: `Invitation (${person})`, version: 1 } });
    assert.deepEqual(await suite.t.statuses(['tom', 'sam', 'admin'], save), { tom: 403, sam: 404, admin: 404 });
    assert.equal(apiErrorSchema.parse((await suite.t.as('tom', save('tom'))).json()).code, 'forbidden');
    const saved = await suite.t.as('eddie', save('eddie'));
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(customAppSchema.parse(saved.json()).can_edit, true);
    const restore = { method: 'POST', url: `${base}/versions/1/restore`, payload: { base_version: 2 } } as const;
    assert.deepEqual(await suite.t.statuses(['tom', 'sam', 'admin'], restore), { tom: 403, sam: 404, admin: 404 });
    assert.equal((await suite.t.as('eddie', restore)).statusCode, 200);

    // Who made each version, named from the directory.
    const versions = customAppVersionListResponseSchema.parse((await suite.t.as('maria', { method: 'GET', url: `${base}/versions` })).json()).versions;
    assert.deepEqual(
      versions.map((v) => [v.version, v.change, v.author.name]),
      [
        [3, 'restored', 'Eddie Editor'],
        [2, 'saved', 'Eddie Editor'],
        [1, 'created', 'Maria Muster'],
      ],
    );
    assert.equal(customAppVersionSchema.parse((await suite.t.as('eddie', { method: 'GET', url: `${base}/versions/2` })).json()).author.sub, 'eddie');

    // Lists: how it reaches each of them.
    const listed = async (person: Colleague) => customAppListResponseSchema.parse((await suite.t.as(person, { method: 'GET', url: '/api/custom-apps' })).json()).apps.find((a) => a.id === app.id);
    const tom = await listed('tom');
    assert.deepEqual([tom?.can_edit, tom?.sharing], [false, { access: 'view', shared_by: { sub: 'maria', name: 'Maria Muster' }, shared_with: [] }]);
    assert.deepEqual([(await listed('eddie'))?.can_edit, (await listed('eddie'))?.sharing?.access], [true, 'edit']);
    assert.equal((await listed('maria'))?.sharing?.access, 'owner');
    assert.equal(await listed('sam'), undefined);

    // Deleting and sharing are the owner's; publishing the administrators' (on an app they may read).
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'DELETE', url: base }), { tom: 403, eddie: 403, sam: 404, admin: 404 });
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `/api/shares/custom_app/${app.id}` }), { tom: 404, eddie: 404, sam: 404, admin: 404 });
    assert.deepEqual(await suite.t.statuses(['eddie', 'admin'], { method: 'POST', url: `${base}/publish` }), { eddie: 403, admin: 404 });

    // Favourites keep only apps the user may still see.
    const favourite = await suite.t.as('tom', { method: 'PUT', url: '/api/apps/favourites', payload: { app_ids: [app.id] } });
    assert.equal(favourite.statusCode, 200, favourite.body);
    await suite.t.share('maria', 'custom_app', app.id, []);
    assert.deepEqual(await suite.t.statuses(['tom', 'eddie'], { method: 'GET', url: base }), { tom: 404, eddie: 404 });
    assert.deepEqual((await suite.t.as('tom', { method: 'GET', url: '/api/apps/favourites' })).json(), { app_ids: [] });

    await suite.t.share('maria', 'custom_app', app.id, [{ target: { type: 'group', id: '/sales' }, role: 'view' }]);
    assert.deepEqual(await suite.t.statuses(['tom', 'sam'], { method: 'GET', url: base }), { tom: 404, sam: 200 });
    assert.equal((await suite.t.as('maria', { method: 'DELETE', url: base })).statusCode, 204);
    const left = await suite.handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'custom_app').where('item_id', '=', app.id).execute();
    assert.deepEqual(left, []);
  });
});
