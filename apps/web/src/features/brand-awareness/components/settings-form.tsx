import { Plus, Sparkles, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import {
  SOCIAL_POST_TONE_LABELS,
  SOCIAL_POST_TONES,
  SOCIAL_POSTS_PER_WEEK_MAX,
  SOCIAL_TOPICS_MAX,
  WEEKDAY_LABELS,
  type SocialPostApproval,
  type SocialPostsSettings,
  type SocialPostTone,
} from '@shared/schemas/brand-awareness';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/styles';
import { usePreview, useSaveSettings } from '../api/brand-awareness';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * What the employee posts about and when: topics (suggested from the offerings and the personas'
 * problems, or typed), posts per week on the chosen days at a time of day, the tone, and whether each
 * post waits for approval. "Preview a post" writes one now, unsaved.
 */
export function SettingsForm({ veId, settings }: { veId: number; settings: SocialPostsSettings }) {
  const id = useId();
  const save = useSaveSettings(veId);
  const preview = usePreview(veId);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [topics, setTopics] = useState<string[]>(settings.topics);
  const [custom, setCustom] = useState('');
  const [postsPerWeek, setPostsPerWeek] = useState(settings.posts_per_week);
  const [days, setDays] = useState<number[]>(settings.days);
  const [time, setTime] = useState(settings.time);
  const [timeZone, setTimeZone] = useState(settings.saved ? settings.time_zone : browserZone());
  const [tone, setTone] = useState<SocialPostTone>(settings.tone);
  const [approval, setApproval] = useState<SocialPostApproval>(settings.approval);
  const [problem, setProblem] = useState<string | null>(null);

  const addTopic = (t: string) => {
    const topic = t.trim();
    if (topic.length < 2 || topics.includes(topic) || topics.length >= SOCIAL_TOPICS_MAX) return;
    setTopics([...topics, topic]);
  };
  const toggleDay = (d: number) => setDays(days.includes(d) ? days.filter((x) => x !== d) : [...days, d].sort((a, b) => a - b));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (enabled && topics.length === 0) return setProblem('Choose at least one topic to post about.');
    if (days.length < postsPerWeek) return setProblem(`Choose at least ${postsPerWeek} days for ${postsPerWeek} posts a week.`);
    setProblem(null);
    save.mutate({ social_network: 'linkedin', enabled, topics, posts_per_week: postsPerWeek, days, time, time_zone: timeZone, tone, approval });
  };

  const suggestions = settings.topic_suggestions.filter((s) => !topics.includes(s));
  return (
    <Card className="p-5">
      <form className="space-y-5" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-base font-semibold text-fg">
            Posting settings
          </h2>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4 accent-accent" />
            Post on LinkedIn
          </label>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-fg">Topics</legend>
          {topics.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Chosen topics">
              {topics.map((t) => (
                <li key={t} className="flex items-center gap-1 rounded-full bg-accent/15 py-1 pr-1 pl-3 text-xs text-fg">
                  {t}
                  <button type="button" className="rounded-full p-0.5 hover:bg-surface-2" aria-label={`Remove topic ${t}`} onClick={() => setTopics(topics.filter((x) => x !== t))}>
                    <X className="h-3 w-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-muted">No topic yet: pick from the suggestions or write your own.</p>
          )}
          {suggestions.length ? (
            <div className="flex flex-wrap gap-2" aria-label="Suggested topics" role="group">
              {suggestions.map((s) => (
                <button key={s} type="button" className="rounded-full border border-dashed border-border px-3 py-1 text-xs text-muted hover:border-accent hover:text-fg" onClick={() => addTopic(s)}>
                  <Plus className="mr-1 inline h-3 w-3" aria-hidden />
                  {s}
                </button>
              ))}
            </div>
          ) : null}
          <div className="flex gap-2">
            <Input aria-label="Your own topic" placeholder="Your own topic" value={custom} maxLength={200} onChange={(e) => setCustom(e.target.value)} />
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                addTopic(custom);
                setCustom('');
              }}
            >
              Add
            </Button>
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-ppw`}>Posts per week</Label>
            <select id={`${id}-ppw`} className={selectClass} value={postsPerWeek} onChange={(e) => setPostsPerWeek(Number(e.target.value))}>
              {Array.from({ length: SOCIAL_POSTS_PER_WEEK_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-tone`}>Tone</Label>
            <select id={`${id}-tone`} className={selectClass} value={tone} onChange={(e) => setTone(e.target.value as SocialPostTone)}>
              {SOCIAL_POST_TONES.map((t) => (
                <option key={t} value={t}>
                  {SOCIAL_POST_TONE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-fg">Days</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAY_LABELS.map((label, i) => (
              <label key={label} className="flex items-center gap-1.5 text-sm text-fg">
                <input type="checkbox" className="h-4 w-4 accent-accent" checked={days.includes(i + 1)} onChange={() => toggleDay(i + 1)} />
                {label}
              </label>
            ))}
          </div>
          <p className="text-xs text-muted">One post a day at most: the week's posts go out on the first {postsPerWeek} chosen days.</p>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-time`}>Time</Label>
            <Input id={`${id}-time`} type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-tz`}>Time zone</Label>
            <Input id={`${id}-tz`} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} placeholder="Europe/Berlin" />
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-fg">Approval</legend>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" name={`${id}-approval`} className="accent-accent" checked={approval === 'required'} onChange={() => setApproval('required')} />I approve each post before it goes out
          </label>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" name={`${id}-approval`} className="accent-accent" checked={approval === 'automatic'} onChange={() => setApproval('automatic')} />
            Publish automatically at the planned time
          </label>
        </fieldset>

        {problem ? (
          <Alert>
            <p>{problem}</p>
          </Alert>
        ) : null}
        <ServerErrors messages={save.isError ? apiErrorMessages(save.error) : null} />
        {save.isSuccess && !save.isPending ? (
          <Alert tone="success">
            <p>Saved.{enabled ? ' The coming week is being planned.' : ' Posting is off.'}</p>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={save.isPending}>
            Save settings
          </Button>
          <Button type="button" variant="secondary" pending={preview.isPending} onClick={() => preview.mutate({ topic: topics[0], tone })}>
            <Sparkles className="h-4 w-4" aria-hidden /> Preview a post
          </Button>
        </div>
        <ServerErrors messages={preview.isError ? apiErrorMessages(preview.error) : null} />
        {preview.data ? (
          <figure className="space-y-2 rounded-lg border border-border bg-surface-2 p-4" aria-label="Preview">
            <figcaption className="text-xs text-muted">Preview on “{preview.data.topic}” (not saved)</figcaption>
            <p className="text-sm whitespace-pre-line text-fg">{preview.data.content}</p>
          </figure>
        ) : null}
      </form>
    </Card>
  );
}
