import { CircleHelp, CalendarClock, KeyRound, LogOut, UserRound, ExternalLink } from 'lucide-react';
import { useNavigate } from 'react-router';
import { schedulingLink } from '@shared/brands';
import { paths } from '@web/config/paths';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@web/components/ui/dropdown-menu';
import { UserAvatar } from '@web/components/user-avatar';
import { signOut } from '@web/lib/session';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';

/** The signed-in user's menu: profile, password, sign out (Radix: keyboard accessible). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const handleSignOut = async () => {
    await signOut();
    void navigate(paths.auth.signin.getHref(), { replace: true });
  };
  return (
    <Menu>
      <MenuTrigger
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full p-0.5 pr-1 outline-none focus-visible:ring-2 focus-visible:ring-accent"
      >
        <UserAvatar image={user?.image} name={user?.name} email={user?.email} />
        {compact ? null : <span className="hidden max-w-40 truncate text-sm text-fg md:inline">{user?.name || user?.email}</span>}
      </MenuTrigger>
      <MenuContent align="end">
        <MenuLabel>
          <span className="block truncate text-sm font-medium text-fg">{user?.name || 'Your account'}</span>
          <span className="block truncate">{user?.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => void navigate(paths.cabinet.profileEdit.getHref())}>
          <UserRound className="h-4 w-4" aria-hidden /> Edit profile
        </MenuItem>
        <MenuItem onSelect={() => void navigate(paths.cabinet.profilePassword.getHref())}>
          <KeyRound className="h-4 w-4" aria-hidden /> Change password
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => void handleSignOut()}>
          <LogOut className="h-4 w-4" aria-hidden /> Sign out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

/** Help: the brand's help links and its scheduling link (the paid-customer link on a paid plan). */
export function HelpMenu() {
  const brand = useBrand();
  const { data: user } = useUser();
  const booking = schedulingLink(brand, user?.tariff_plan);
  return (
    <Menu>
      <MenuTrigger
        aria-label="Help"
        className="flex h-9 w-9 items-center justify-center rounded-lg text-muted outline-none hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent"
      >
        <CircleHelp className="h-5 w-5" aria-hidden />
      </MenuTrigger>
      <MenuContent align="end">
        <MenuItem asChild>
          <a href={booking} target="_blank" rel="noopener noreferrer" data-testid="scheduling-link">
            <CalendarClock className="h-4 w-4" aria-hidden /> Book a call with us
          </a>
        </MenuItem>
        {brand.help_links.map((group) => (
          <div key={group.title}>
            <MenuSeparator />
            <MenuLabel>{group.title}</MenuLabel>
            {group.links.map((link) => (
              <MenuItem key={link.url} asChild>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink className="h-4 w-4" aria-hidden /> {link.label}
                </a>
              </MenuItem>
            ))}
          </div>
        ))}
      </MenuContent>
    </Menu>
  );
}
