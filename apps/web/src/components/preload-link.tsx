import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { preloadRoute } from '@web/lib/preload';

const hrefOf = (to: LinkProps['to']) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`);

/** A Link that preloads the target route's chunks on hover or focus (spec §9). */
export function PreloadLink({ to, onMouseEnter, onFocus, ...props }: LinkProps) {
  const preload = () => preloadRoute(hrefOf(to));
  return (
    <Link
      to={to}
      onMouseEnter={(e) => {
        preload();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preload();
        onFocus?.(e);
      }}
      {...props}
    />
  );
}

export function PreloadNavLink({ to, onMouseEnter, onFocus, ...props }: NavLinkProps) {
  const preload = () => preloadRoute(hrefOf(to));
  return (
    <NavLink
      to={to}
      onMouseEnter={(e) => {
        preload();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preload();
        onFocus?.(e);
      }}
      {...props}
    />
  );
}
