import { shareItemKindSchema, shareListResponseSchema, shareUpdateSchema, uuidSchema, validationFailure, type Share, type ShareUpdate } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentResponse } from '../http/declared-responses';
import { sendError } from '../http/send-error';
import type { DirectoryRepository } from '../sharing/directory-repository';
import type { ShareableItem, ShareableKind } from '../sharing/shareable-kind';
import type { ShareableKinds } from '../sharing/shareable-kinds';
import type { SharesRepository } from '../sharing/shares-repository';

export interface ShareRoutesOptions {
  kinds: ShareableKinds;
  shares: SharesRepository;
  directory: DirectoryRepository;
  /** SHARE_WITH_COMPANY_ROLE: a role or group whose members may name the company; undefined: administrators only. */
  companyRole: string | undefined;
}

// Every shareable kind's ids are uuids: anything else names nothing, and never reaches a kind's query.
const paramsSchema = z.object({ kind: shareItemKindSchema, id: uuidSchema });

const NOT_FOUND = 'Item not found';

type FieldIssue = { path: Array<string | number>; message: string; code: string };

/** Whether the caller may share with the whole company: administrators, and SHARE_WITH_COMPANY_ROLE's role or group. */
function canShareWithCompany(request: FastifyRequest, companyRole: string | undefined): boolean {
  if (request.viewer.isAdmin) return true;
  return companyRole !== undefined && (request.principal.roles.includes(companyRole) || request.principal.groups.includes(companyRole));
}

/**
 * Who has access to an item, and changing it (contract sharing.ts, docs/sharing.md): GET lists
 * the item's shares, PUT replaces the whole list, DELETE stops all sharing. Only those who manage
 * the item's sharing (its kind's findManageable: the owner; administrators for the company's
 * items) reach it; for anyone else, and for a kind that cannot be shared, it is a 404 like a
 * missing item, so nobody learns what exists. A list naming someone who never signed in, an
 * unknown group, the caller themselves, a role the kind does not offer, or the company without
 * the right to is a 400 validation_failed with an issue at the share.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, { kinds, shares, directory, companyRole }) => {
  async function manageable(request: FastifyRequest<{ Params: z.infer<typeof paramsSchema> }>): Promise<{ kind: ShareableKind; item: ShareableItem } | undefined> {
    const kind = kinds[request.params.kind];
    const item = await kind?.findManageable(request.viewer, request.params.id);
    return kind && item ? { kind, item } : undefined;
  }

  const answer = async (request: FastifyRequest, { kind, item }: { kind: ShareableKind; item: ShareableItem }, list: Share[]) => ({
    shares: list,
    can_share_with_company: canShareWithCompany(request, companyRole),
    ...(await kind.listDetails?.(item)),
  });

  app.get('/shares/:kind/:id', { schema: { params: paramsSchema, response: { 200: shareListResponseSchema } } }, async (request, reply) => {
    const found = await manageable(request);
    if (!found) return sendError(reply, 404, NOT_FOUND);
    return answer(request, found, await shares.list(found.kind.kind, found.item.id));
  });

  app.put('/shares/:kind/:id', { schema: { params: paramsSchema, body: shareUpdateSchema, response: { 200: shareListResponseSchema } } }, async (request, reply) => {
    const found = await manageable(request);
    if (!found) return sendError(reply, 404, NOT_FOUND);
    const { kind, item } = found;
    const issues = await refusals(request, kind, item, request.body);
    if (issues.length > 0) return refuseFields(reply, issues);
    const list = await shares.replace(kind, item, request.body, request.viewer);
    request.log.info({ kind: kind.kind, itemId: item.id, shares: list.length }, 'sharing changed');
    return answer(request, found, list);
  });

  app.delete('/shares/:kind/:id', { schema: { params: paramsSchema, response: noContentResponse } }, async (request, reply) => {
    const found = await manageable(request);
    if (!found) return sendError(reply, 404, NOT_FOUND);
    await shares.replace(found.kind, found.item, { shares: [] }, request.viewer);
    request.log.info({ kind: found.kind.kind, itemId: found.item.id }, 'sharing stopped');
    return reply.code(204).send();
  });

  /** What is wrong with the new list, each at its share; nothing when it may be stored. */
  async function refusals(request: FastifyRequest, kind: ShareableKind, item: ShareableItem, update: ShareUpdate): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    const at = (index: number, field: string[], message: string) => issues.push({ path: ['shares', index, ...field], message, code: 'custom' });
    const users = await directory.knownUsers(update.shares.flatMap((share) => (share.target.type === 'user' ? [share.target.id] : [])));
    const groups = await directory.knownGroups(update.shares.flatMap((share) => (share.target.type === 'group' ? [share.target.id] : [])));
    // A company share someone else gave stays when the list is saved again; only giving or changing it needs the right.
    const company = (await shares.list(kind.kind, item.id)).find((share) => share.target.type === 'company');
    const mayNameCompany = canShareWithCompany(request, companyRole);
    for (const [index, share] of update.shares.entries()) {
      if (!kind.roles.includes(share.role)) at(index, ['role'], `Must be one of: ${kind.roles.join(', ')}`);
      const target = share.target;
      if (target.type === 'user') {
        if (target.id === request.viewer.sub || target.id === item.ownerSub) at(index, ['target', 'id'], 'Must be someone else');
        else if (!users.has(target.id)) at(index, ['target', 'id'], 'Must be someone who has signed in');
      } else if (target.type === 'group') {
        if (!groups.has(target.id)) at(index, ['target', 'id'], 'Must be a group someone has signed in with');
      } else if (!mayNameCompany && company?.role !== share.role) {
        at(index, ['target'], 'You may not share with the whole company');
      }
    }
    const refused = issues.length === 0 ? kind.refuse?.(item, update, request.viewer) : undefined;
    if (refused) issues.push({ path: ['shares'], message: refused, code: 'custom' });
    return issues;
  }
};

function refuseFields(reply: FastifyReply, issues: FieldIssue[]) {
  const failure = validationFailure('body', issues);
  return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
}
