import { addNamespace, useGatingStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { MemoryNote, isMemoryCall, type MemoryCall } from '../components/memory-note';

beforeAll(() => addNamespace('chat', { de, en }));
beforeEach(() => useGatingStore.setState({ flags: { enableMemory: true } }));

const saved: MemoryCall = { status: 'done', content: [{ type: 'text', text: 'Ich arbeite im Einkauf' }] };

describe('the memory note of an answer', () => {
  it('says "Memory updated" with what was saved and links the memory page; axe clean', async () => {
    const { container } = renderWithProviders(<MemoryNote call={saved} />, { language: 'en' });
    expect(screen.getByText('Memory updated')).toBeInTheDocument();
    expect(screen.getByText('“Ich arbeite im Einkauf”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage memories' })).toHaveAttribute('href', '/memory');
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('speaks German, says when it is still saving, and why it could not be saved', () => {
    const view = renderWithProviders(<MemoryNote call={saved} />, { language: 'de' });
    expect(screen.getByText('Erinnerung aktualisiert')).toBeInTheDocument();
    expect(screen.getByText('„Ich arbeite im Einkauf“')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erinnerungen verwalten' })).toBeInTheDocument();
    view.unmount();

    const running = renderWithProviders(<MemoryNote call={{ status: 'running', content: [] }} />, { language: 'en' });
    expect(screen.getByText('Updating memory…')).toBeInTheDocument();
    running.unmount();
    renderWithProviders(<MemoryNote call={{ status: 'failed', content: [], message: 'The memory is full (50 facts).' }} />, { language: 'en' });
    expect(screen.getByText('Memory not updated: The memory is full (50 facts).')).toBeInTheDocument();
    expect(screen.queryByText(/“/)).toBeNull();
  });

  it('links no memory page once the company switched memory off', () => {
    useGatingStore.setState({ flags: {} });
    renderWithProviders(<MemoryNote call={saved} />, { language: 'en' });
    expect(screen.getByText('Memory updated')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('knows a memory call by its tool name', () => {
    expect(isMemoryCall({ name: 'remember' })).toBe(true);
    expect(isMemoryCall({ name: 'search_documents' })).toBe(false);
  });
});
