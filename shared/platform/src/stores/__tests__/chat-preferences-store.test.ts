import { initialChatPreferences, useChatPreferencesStore } from '../chat-preferences-store';
import { setPersistenceUser } from '../per-user-persistence';

const state = () => {
  const { model, think } = useChatPreferencesStore.getState();
  return { model, think };
};

beforeEach(async () => {
  await setPersistenceUser(null);
  localStorage.clear();
});

describe('chat preferences store', () => {
  it('starts with no model and Think off, and replaces only the given fields', () => {
    expect(state()).toEqual(initialChatPreferences);
    useChatPreferencesStore.getState().setPreferences({ model: 'llama3' });
    useChatPreferencesStore.getState().setPreferences({ think: true });
    expect(state()).toEqual({ model: 'llama3', think: true });
  });

  it('keeps each user their own choices under assistant.chat-preferences.<sub>', async () => {
    await setPersistenceUser('anna');
    useChatPreferencesStore.getState().setPreferences({ model: 'qwen', think: true });
    expect(JSON.parse(localStorage.getItem('assistant.chat-preferences.anna')!).state).toEqual({ model: 'qwen', think: true });

    await setPersistenceUser('ben');
    expect(state()).toEqual(initialChatPreferences);
    useChatPreferencesStore.getState().setPreferences({ model: 'llama3' });

    await setPersistenceUser('anna');
    expect(state()).toEqual({ model: 'qwen', think: true });
    expect(JSON.parse(localStorage.getItem('assistant.chat-preferences.ben')!).state).toEqual({ model: 'llama3', think: false });
  });

  it('reads stored junk as unset instead of trusting it', async () => {
    localStorage.setItem('assistant.chat-preferences.carla', JSON.stringify({ state: { model: 42, think: 'yes' }, version: 0 }));
    await setPersistenceUser('carla');
    expect(state()).toEqual(initialChatPreferences);
  });

  it('writes nothing without a signed-in user', () => {
    useChatPreferencesStore.getState().setPreferences({ model: 'llama3' });
    expect(localStorage.length).toBe(0);
  });
});
