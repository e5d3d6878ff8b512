import { getBrand, type HolderConfig } from '@shared/brands';

/** The brand the extension was built for (`WXT_BRAND_ID`, default 0). */
export function popupBrand(raw: unknown = import.meta.env.WXT_BRAND_ID): HolderConfig {
  const id = Number(raw ?? 0);
  return getBrand(Number.isInteger(id) ? id : 0);
}

/** LinkedIn tasks exist only where the brand's LinkedIn flag is on (the server answers none elsewhere either). */
export const offersLinkedInTasks = (brand: HolderConfig): boolean => brand.feature_flags.linkedin;
