import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@web/lib/utils';

export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const source = (name ?? '').trim() || (email ?? '').split('@')[0] || '?';
  const parts = source.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

export function UserAvatar({
  image,
  name,
  email,
  className,
}: {
  image?: string | null;
  name?: string | null;
  email?: string | null;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root className={cn('inline-flex h-8 w-8 shrink-0 overflow-hidden rounded-full bg-accent/20', className)}>
      {image ? <AvatarPrimitive.Image src={image} alt="" className="h-full w-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="flex h-full w-full items-center justify-center text-xs font-semibold text-accent" delayMs={image ? 300 : 0}>
        {initialsOf(name, email)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
