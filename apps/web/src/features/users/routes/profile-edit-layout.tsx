import { Outlet } from 'react-router';
import { PageFrame } from '@web/components/page-frame';
import { PreloadNavLink } from '@web/components/preload-link';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';

const tabs = [
  { label: 'Profile', href: paths.cabinet.profileEdit.path, end: true },
  { label: 'Password', href: paths.cabinet.profilePassword.path, end: false },
  { label: 'Members', href: paths.cabinet.profileMembers.path, end: false },
];

export function ProfileEditLayoutRoute() {
  return (
    <PageFrame title="Edit profile" description="Your name, contact details and photo, the password you sign in with, and the people of your account.">
      <nav aria-label="Profile sections" className="flex gap-1 border-b border-border">
        {tabs.map((tab) => (
          <PreloadNavLink
            key={tab.href}
            to={tab.href}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-4 py-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent',
                isActive ? 'border-accent font-medium text-fg' : 'border-transparent text-muted hover:text-fg',
              )
            }
          >
            {tab.label}
          </PreloadNavLink>
        ))}
      </nav>
      <div className="max-w-xl">
        <Outlet />
      </div>
    </PageFrame>
  );
}
