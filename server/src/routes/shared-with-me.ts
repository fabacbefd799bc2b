import { sharedWithMeResponseSchema, type ShareItemKind, type SharedWithMeItem } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentResponse } from '../http/declared-responses';
import type { ShareableKind } from '../sharing/shareable-kind';
import type { ShareableKinds } from '../sharing/shareable-kinds';
import type { SharesRepository } from '../sharing/shares-repository';

/** Most items the list answers. */
const SHARED_WITH_ME_MAX = 50;

/**
 * What others shared with the caller (contract sharing.ts, docs/sharing.md): GET
 * /shared-with-me lists the items shared with them directly, with a group of theirs (the token's
 * groups) or with the company, newest first, and how many are new since PUT /shared-with-me/seen
 * (the badge). Items deleted since are left out. Always the caller's own list.
 */
export const sharedWithMeRoutes: FastifyPluginAsyncZod<{ kinds: ShareableKinds; shares: SharesRepository }> = async (app, { kinds, shares }) => {
  app.get('/shared-with-me', { schema: { response: { 200: sharedWithMeResponseSchema } } }, async (request) => {
    const viewer = request.viewer;
    const registered = Object.values(kinds).filter((kind): kind is ShareableKind => kind !== undefined);
    const [received, seenAt] = await Promise.all([shares.sharedWithViewer(viewer, registered.map((kind) => kind.kind), SHARED_WITH_ME_MAX), shares.seenAt(viewer.sub)]);
    const names = new Map<ShareItemKind, Map<string, string>>();
    await Promise.all(
      registered.map(async (kind) => {
        const ids = received.filter((share) => share.kind === kind.kind).map((share) => share.id);
        if (ids.length > 0) names.set(kind.kind, await kind.nameOf(ids));
      }),
    );
    const items: SharedWithMeItem[] = received
      .flatMap((share) => {
        const name = names.get(share.kind)?.get(share.id);
        if (name === undefined) return [];
        const unseen = seenAt === null || share.shared_at > seenAt;
        return [{ ...share, name, shared_at: share.shared_at.toISOString(), unseen }];
      })
      .slice(0, SHARED_WITH_ME_MAX);
    return { items, unseen: items.filter((item) => item.unseen).length, last_seen_at: seenAt?.toISOString() ?? null };
  });

  app.put('/shared-with-me/seen', { schema: { response: noContentResponse } }, async (request, reply) => {
    await shares.markSeen(request.viewer.sub);
    return reply.code(204).send();
  });
};
