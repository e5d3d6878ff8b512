import Cookies from 'js-cookie';
import { create } from 'zustand';
import { getBrand, getBrandByUid, type HolderConfig, type HolderHeaders } from '@shared/brands';
import { DEFAULT_HOLDER_ID, HOLDER_COOKIE_MAX_AGE_S, HOLDER_COOKIE_NAME } from '@shared/constants';

type BrandState = {
  brand: HolderConfig;
  /** 'pending' until GET /api/headers answered (or failed and fell back to brand 0). */
  status: 'pending' | 'ready' | 'fallback';
  applyHolder: (holder: HolderHeaders) => void;
  fallback: () => void;
};

/** Until /api/headers answers, the holder remembered in the cookie avoids a flash of brand 0. */
const initialBrand = (): HolderConfig => getBrandByUid(Cookies.get(HOLDER_COOKIE_NAME));

/** True once the brand shown can be trusted: the cookie remembered it, or /api/headers answered (or failed). */
export const selectBrandKnown = (s: { status: BrandState['status'] }) =>
  s.status !== 'pending' || Cookies.get(HOLDER_COOKIE_NAME) !== undefined;

export const useBrandStore = create<BrandState>()((set) => ({
  brand: initialBrand(),
  status: 'pending',
  applyHolder: (holder) => {
    Cookies.set(HOLDER_COOKIE_NAME, holder.holder_uid, {
      path: '/',
      sameSite: 'lax',
      // Max-Age is what the spec gives (604800 s); Expires for browsers that ignore Max-Age.
      'max-age': String(HOLDER_COOKIE_MAX_AGE_S),
      expires: HOLDER_COOKIE_MAX_AGE_S / 86400,
      secure: window.location.protocol === 'https:',
    });
    set({ brand: getBrand(holder.holder_id), status: 'ready' });
  },
  fallback: () => set({ brand: getBrand(DEFAULT_HOLDER_ID), status: 'fallback' }),
}));

export const useBrand = () => useBrandStore((s) => s.brand);

/** The brand once it can be trusted (see selectBrandKnown): at once, or when /api/headers answers or fails. */
export function whenBrandKnown(): Promise<HolderConfig> {
  const now = useBrandStore.getState();
  if (selectBrandKnown(now)) return Promise.resolve(now.brand);
  return new Promise((resolve) => {
    const stop = useBrandStore.subscribe((s) => {
      if (!selectBrandKnown(s)) return;
      stop();
      resolve(s.brand);
    });
  });
}
