import { preloadQueryPersister } from '../persisted-per-user';

let evaluated = 0;
jest.mock('../user-query-persister', () => {
  evaluated += 1;
  return { persistForUser: jest.fn() };
});

describe('preloadQueryPersister', () => {
  it('loads the persister before any persisted query runs, once however often it is asked', async () => {
    expect(evaluated).toBe(0);
    preloadQueryPersister();
    preloadQueryPersister();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(evaluated).toBe(1);
  });
});
