import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import { addShellTexts } from '../../app/shell-i18n';
import { NotFoundPage } from '../not-found-page';

describe('not-found page', () => {
  beforeAll(() => addShellTexts());

  it('says its heading once and sets the page title', () => {
    renderWithProviders(<NotFoundPage />, { language: 'en' });
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByText('Page not found')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Page not found – /);
  });
});
