import { queryClient, resetServerState } from '@assistant/platform';
import { conversationKeys } from '../query-keys';

const server = { kind: 'server' } as const;
const localA = { kind: 'local', user: 'user-a' } as const;
const localB = { kind: 'local', user: 'user-b' } as const;

afterEach(() => resetServerState());

describe('the chat query keys', () => {
  it('keep the histories and their users apart, for the list and for the messages', () => {
    queryClient.setQueryData(conversationKeys.list(localA), ['of user a']);
    queryClient.setQueryData(conversationKeys.messages(localA, 'c1'), ['of user a']);
    for (const scope of [server, localB]) {
      expect(queryClient.getQueryData(conversationKeys.list(scope))).toBeUndefined();
      expect(queryClient.getQueryData(conversationKeys.messages(scope, 'c1'))).toBeUndefined();
    }
    expect(queryClient.getQueryData(conversationKeys.list({ kind: 'local', user: 'user-a' }))).toEqual(['of user a']);
  });

  it('start with the resource, so one prefix reaches all of it', () => {
    queryClient.setQueryData(conversationKeys.list(localA), []);
    queryClient.setQueryData(conversationKeys.messages(server, 'c1'), []);
    expect(queryClient.getQueryCache().findAll({ queryKey: conversationKeys.all })).toHaveLength(2);
  });

  it('keep searches per history and user, under the resource, one per set of words', () => {
    queryClient.setQueryData(conversationKeys.search(localA, ['tram']), ['of user a']);
    expect(queryClient.getQueryData(conversationKeys.search(localB, ['tram']))).toBeUndefined();
    expect(queryClient.getQueryData(conversationKeys.search(server, ['tram']))).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: conversationKeys.searches(localA) })).toHaveLength(1);
    expect(conversationKeys.search(server, ['tram']).slice(0, 1)).toEqual(conversationKeys.all);
  });
});
