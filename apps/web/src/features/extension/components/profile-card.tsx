import { Briefcase, GraduationCap, MapPin } from 'lucide-react';
import { useState } from 'react';
import type { LinkedInProfile, ProfileField } from '@shared/schemas/linkedin';
import { initialsOf } from '@web/components/user-avatar';
import { cn } from '@web/lib/utils';
import type { CapturedProfile } from '@web/stores/extension';

const FIELD_LABELS: Partial<Record<ProfileField, string>> = {
  full_name: 'Name',
  headline: 'Headline',
  location: 'Location',
  photo_url: 'Photo',
  about: 'About',
  current_company: 'Current company',
  current_title: 'Current title',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  connection_degree: 'Connection degree',
  contact_info: 'Contact info',
};

/** The fields the page did not show: the extension reports them missing rather than guessing. */
export function missingFields(profile: LinkedInProfile): string[] {
  return (Object.keys(FIELD_LABELS) as ProfileField[])
    .filter((f) => profile.sources[f] === 'missing')
    .map((f) => FIELD_LABELS[f]!);
}

export function ProfilePhoto({ profile, className }: { profile: LinkedInProfile; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = profile.photo_url && failed !== profile.photo_url ? profile.photo_url : null;
  return (
    <span className={cn('flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent/20', className)}>
      {src ? (
        <img
          src={src}
          alt={profile.full_name ? `Photo of ${profile.full_name}` : 'Profile photo'}
          referrerPolicy="no-referrer"
          className="h-full w-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : (
        <span className="text-sm font-semibold text-accent" aria-hidden>
          {initialsOf(profile.full_name, profile.public_identifier)}
        </span>
      )}
    </span>
  );
}

const timeFormat = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

/** "Live" while the LinkedIn tab shows the profile, "Last seen" once it is closed or moved on. */
export function CaptureBadge({ live, capturedAt }: { live: boolean; capturedAt: string }) {
  return live ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success">
      <span className="h-1.5 w-1.5 rounded-full bg-success" aria-hidden /> Open in LinkedIn
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
      Last seen at {timeFormat(capturedAt)}
    </span>
  );
}

type ProfileCardProps = {
  captured: CapturedProfile;
  live: boolean;
  /** compact: photo, name, headline, current role (the dashboard); full: everything (/extension). */
  variant?: 'full' | 'compact';
  headingLevel?: 2 | 3;
  className?: string;
};

/** The captured LinkedIn profile in a region labelled "Captured profile", the name as its heading. */
export function ProfileCard({ captured, live, variant = 'full', headingLevel = 2, className }: ProfileCardProps) {
  const { profile } = captured;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const missing = missingFields(profile);
  const role = [profile.current_title, profile.current_company].filter(Boolean).join(' at ');
  return (
    <section aria-label="Captured profile" className={cn('space-y-4', className)}>
      <div className="flex items-start gap-4">
        <ProfilePhoto profile={profile} className={variant === 'compact' ? 'h-12 w-12' : undefined} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className={cn('font-semibold text-fg', variant === 'compact' ? 'text-base' : 'text-lg')}>
              {profile.full_name ?? 'Name not shown'}
            </Heading>
            <CaptureBadge live={live} capturedAt={captured.captured_at} />
            {profile.is_own_profile ? <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs text-accent">You</span> : null}
            {profile.open_to_work ? <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs text-success">Open to work</span> : null}
            {profile.limited ? <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs text-muted">Limited profile</span> : null}
          </div>
          {profile.headline ? <p className="text-sm text-fg/90">{profile.headline}</p> : null}
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            {role ? (
              <span className="inline-flex items-center gap-1.5">
                <Briefcase className="h-3.5 w-3.5" aria-hidden /> {role}
              </span>
            ) : null}
            {profile.location ? (
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="h-3.5 w-3.5" aria-hidden /> {profile.location}
              </span>
            ) : null}
          </div>
          <a
            href={profile.profile_url}
            target="_blank"
            rel="noreferrer noopener"
            className="block truncate text-xs text-accent underline-offset-4 hover:underline"
          >
            {profile.profile_url}
          </a>
        </div>
      </div>

      {variant === 'full' ? (
        <>
          {profile.about ? (
            <div>
              <Sub className="text-sm font-medium text-fg">About</Sub>
              <p className="mt-1 line-clamp-4 text-sm whitespace-pre-line text-muted">{profile.about}</p>
            </div>
          ) : null}
          <div className="grid gap-6 md:grid-cols-2">
            <div>
              <Sub className="flex items-center gap-1.5 text-sm font-medium text-fg">
                <Briefcase className="h-4 w-4" aria-hidden /> Experience
              </Sub>
              {profile.experience.length > 0 ? (
                <ul className="mt-2 space-y-2" aria-label="Experience">
                  {profile.experience.map((e, i) => (
                    <li key={i} className={cn('text-sm', e.grouped && 'border-l border-border pl-3')}>
                      <span className="block text-fg">{[e.title, e.company].filter(Boolean).join(' · ') || 'Role not shown'}</span>
                      <span className="block text-xs text-muted">{[e.date_range, e.location].filter(Boolean).join(' · ')}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-muted">Not shown on the page.</p>
              )}
            </div>
            <div className="space-y-6">
              <div>
                <Sub className="flex items-center gap-1.5 text-sm font-medium text-fg">
                  <GraduationCap className="h-4 w-4" aria-hidden /> Education
                </Sub>
                {profile.education.length > 0 ? (
                  <ul className="mt-2 space-y-2" aria-label="Education">
                    {profile.education.map((e, i) => (
                      <li key={i} className="text-sm">
                        <span className="block text-fg">{e.school ?? 'School not shown'}</span>
                        <span className="block text-xs text-muted">
                          {[e.degree, e.field_of_study, e.date_range].filter(Boolean).join(' · ')}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-muted">Not shown on the page.</p>
                )}
              </div>
              <div>
                <Sub className="text-sm font-medium text-fg">Skills</Sub>
                {profile.skills.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Skills">
                    {profile.skills.map((s) => (
                      <li key={s} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-fg">
                        {s}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-muted">Not shown on the page.</p>
                )}
              </div>
            </div>
          </div>
          {missing.length > 0 ? (
            <p className="text-xs text-muted">
              <span className="font-medium text-fg">Not captured (the page did not show them):</span> {missing.join(', ')}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
