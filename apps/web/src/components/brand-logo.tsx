import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';

/** The brand's logo and company name (white label: both come from the brand registry). */
export function BrandLogo({ className, showName = true }: { className?: string; showName?: boolean }) {
  const brand = useBrand();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <img src={brand.logo} alt={showName ? '' : brand.company_name} className="h-8 w-8 shrink-0" width={32} height={32} />
      {showName ? <span className="text-base font-semibold tracking-tight text-fg">{brand.company_name}</span> : null}
    </span>
  );
}
