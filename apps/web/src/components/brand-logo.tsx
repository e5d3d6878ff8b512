import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';

/**
 * The brand's mark and company name (white label: both from the brand registry). The brand's
 * wordmark (logo.svg) draws its name in currentColor, which an <img> renders black, so on dark
 * surfaces we pair the square mark with the name as text; BrandWordmark shows the logo itself.
 */
export function BrandLogo({ className, showName = true }: { className?: string; showName?: boolean }) {
  const brand = useBrand();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <img src={brand.favicon_big} alt={showName ? '' : brand.company_name} className="h-8 w-8 shrink-0" width={32} height={32} />
      {showName ? <span className="text-base font-semibold tracking-tight text-fg">{brand.company_name}</span> : null}
    </span>
  );
}

/** The brand's full logo (wordmark) on a light chip, where its currentColor text stays readable. */
export function BrandWordmark({ className }: { className?: string }) {
  const brand = useBrand();
  return (
    <span className={cn('inline-flex rounded-xl bg-white px-4 py-2.5 text-[#11151c] shadow-sm', className)}>
      <img src={brand.logo} alt={brand.company_name} className="h-8 w-auto" height={32} />
    </span>
  );
}
