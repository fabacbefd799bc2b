import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Locale } from '@assistant/contracts';
import { changeLanguage } from '../i18n/i18n';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

/** Connection state of the document-library integration (its screens are not in the spec). */
export interface DocumentLibraryFlags {
  /** The user connected their document library. */
  connected: boolean;
  /** The user dismissed the offer to connect it. */
  promptDismissed: boolean;
}

/** The colour theme the user chose in the user menu; 'system' follows the system's setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface WorkspaceData {
  /** The chosen interface language; null follows the browser. */
  locale: Locale | null;
  theme: ThemeChoice;
  sidebarOpen: boolean;
  privacyNoticeShown: boolean;
  documentLibrary: DocumentLibraryFlags;
}

interface WorkspaceState extends WorkspaceData {
  setLocale(locale: Locale | null): void;
  setTheme(theme: ThemeChoice): void;
  setSidebarOpen(open: boolean): void;
  toggleSidebar(): void;
  markPrivacyNoticeShown(): void;
  setDocumentLibrary(flags: Partial<DocumentLibraryFlags>): void;
}

export const initialWorkspace: WorkspaceData = {
  locale: null,
  theme: 'system',
  sidebarOpen: true,
  privacyNoticeShown: false,
  documentLibrary: { connected: false, promptDismissed: false },
};

const pick = (state: WorkspaceState): WorkspaceData => ({
  locale: state.locale,
  theme: state.theme,
  sidebarOpen: state.sidebarOpen,
  privacyNoticeShown: state.privacyNoticeShown,
  documentLibrary: state.documentLibrary,
});

export const useWorkspaceStore = create<WorkspaceState>()(
  persist(
    (set) => ({
      ...initialWorkspace,
      setLocale(locale) {
        set({ locale });
        void changeLanguage(locale);
      },
      setTheme(theme) {
        set({ theme });
      },
      setSidebarOpen(sidebarOpen) {
        set({ sidebarOpen });
      },
      toggleSidebar() {
        set((state) => ({ sidebarOpen: !state.sidebarOpen }));
      },
      markPrivacyNoticeShown() {
        set({ privacyNoticeShown: true });
      },
      setDocumentLibrary(flags) {
        set((state) => ({ documentLibrary: { ...state.documentLibrary, ...flags } }));
      },
    }),
    {
      ...perUserPersistOptions<WorkspaceState, WorkspaceData>('workspace', initialWorkspace, pick),
      // A user's saved language applies as soon as their data is read.
      onRehydrateStorage: () => (state) => {
        if (state) void changeLanguage(state.locale);
      },
    },
  ),
);
registerPerUserStore(useWorkspaceStore);
