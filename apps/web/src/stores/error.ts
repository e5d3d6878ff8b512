import { create } from 'zustand';

export type GlobalError = { status: number; message?: string };

type ErrorState = {
  /** Set on a routing or middleware failure; cleared after a successful navigation (spec §4). */
  error: GlobalError | null;
  setError: (error: GlobalError) => void;
  clearError: () => void;
};

export const useErrorStore = create<ErrorState>()((set) => ({
  error: null,
  setError: (error) => set({ error }),
  clearError: () => set({ error: null }),
}));
