import { create } from 'zustand';

interface GetStartedState {
  /** The guided start was asked for again (the user menu's "Get started"). */
  reopened: boolean;
  show(): void;
  hide(): void;
}

/**
 * Whether the user asked for the guided start again. Its first showing follows the server's
 * onboarding state (use-onboarding.ts); this only reopens it, for the current page's life.
 */
export const useGetStartedStore = create<GetStartedState>()((set) => ({
  reopened: false,
  show: () => set({ reopened: true }),
  hide: () => set({ reopened: false }),
}));
