import { defaultConfig } from '@assistant/contracts';
import { useConfigStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import { addShellTexts } from '../../app/shell-i18n';
import { SignLanguagePage } from '../sign-language-page';

function withVideos(videos: ReturnType<typeof defaultConfig>['customization']['sign_language_videos']) {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, sign_language_videos: videos } } });
}

describe('sign-language page', () => {
  beforeAll(() => addShellTexts());

  it('says honestly that no video is configured yet', () => {
    withVideos([]);
    renderWithProviders(<SignLanguagePage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign language' })).toBeInTheDocument();
    expect(screen.getByText('No videos yet')).toBeInTheDocument();
  });

  it('shows each configured video with captions in the interface language, German as fallback', () => {
    withVideos([
      {
        id: 'welcome',
        title: { de: 'Willkommen', en: 'Welcome' },
        video_url: 'https://media.example.com/welcome.mp4',
        captions: { de: 'https://media.example.com/welcome.de.vtt' },
      },
    ]);
    const { container } = renderWithProviders(<SignLanguagePage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'https://media.example.com/welcome.mp4');
    expect(video).toHaveAttribute('controls');
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', 'https://media.example.com/welcome.de.vtt');
  });
});
