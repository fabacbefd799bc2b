import { defaultConfig } from '@assistant/contracts/startup';
import { act, renderHook } from '@testing-library/react';
import { useConfigStore } from '../../stores/config-store';
import { documentTitle, useDocumentTitle } from '../use-document-title';

const withApplicationName = (application_name: string) => {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, application_name } } });
};

afterEach(() => {
  useConfigStore.setState({ config: defaultConfig(false) });
  document.title = '';
});

describe('documentTitle', () => {
  it('joins the page and the application name, or gives whichever is not empty', () => {
    expect(documentTitle('Chat', 'Assistent')).toBe('Chat – Assistent');
    expect(documentTitle(undefined, 'Assistent')).toBe('Assistent');
    expect(documentTitle('', 'Assistent')).toBe('Assistent');
    expect(documentTitle('Chat', '')).toBe('Chat');
  });
});

describe('useDocumentTitle', () => {
  it('sets "<page> – <application name>" and follows a new page title and a new name', () => {
    withApplicationName('Firmen-KI');
    const { rerender } = renderHook(({ title }: { title?: string }) => useDocumentTitle(title), { initialProps: { title: 'Agenten' } });
    expect(document.title).toBe('Agenten – Firmen-KI');

    rerender({ title: 'Neuer Agent' });
    expect(document.title).toBe('Neuer Agent – Firmen-KI');

    act(() => withApplicationName('Assistent'));
    expect(document.title).toBe('Neuer Agent – Assistent');
  });

  it('gives the application name alone to a page without a title of its own', () => {
    withApplicationName('Firmen-KI');
    renderHook(() => useDocumentTitle());
    expect(document.title).toBe('Firmen-KI');
  });
});
