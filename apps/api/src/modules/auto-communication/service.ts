import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS, type AutoCommunicationSettings, type autoCommunicationSettingsBodySchema } from '@shared/schemas/auto-communication';
import { autoCommunicationSettings, type AutoCommunicationSettingsRow } from '../../db/schema';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';

type Body = z.output<typeof autoCommunicationSettingsBodySchema>;

const toApi = (row: AutoCommunicationSettingsRow): AutoCommunicationSettings => ({
  time_zone: row.timeZone,
  working_days: row.workingDays,
  work_start: row.workStart,
  work_end: row.workEnd,
  daily_limit_email: row.dailyLimitEmail,
  daily_limit_linkedin: row.dailyLimitLinkedin,
  daily_limit_phone: row.dailyLimitPhone,
  weekly_invitation_limit: row.weeklyInvitationLimit,
  auto_reply: row.autoReply,
  mode: row.mode,
  updated_at: row.updatedAt.toISOString(),
});

/** The account's settings, or the defaults (updated_at null) until it saves its own. */
export async function get(deps: Deps, auth: AuthContext): Promise<AutoCommunicationSettings> {
  const [row] = await deps.db.select().from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, auth.account.id));
  return row ? toApi(row) : { ...DEFAULT_AUTO_COMMUNICATION_SETTINGS };
}

/** Saves the whole set (PUT replaces): one row per account. */
export async function save(deps: Deps, auth: AuthContext, body: Body): Promise<AutoCommunicationSettings> {
  const values = {
    timeZone: body.time_zone,
    workingDays: body.working_days,
    workStart: body.work_start,
    workEnd: body.work_end,
    dailyLimitEmail: body.daily_limit_email,
    dailyLimitLinkedin: body.daily_limit_linkedin,
    dailyLimitPhone: body.daily_limit_phone,
    ...(body.weekly_invitation_limit !== undefined ? { weeklyInvitationLimit: body.weekly_invitation_limit } : {}),
    autoReply: body.auto_reply,
    mode: body.mode,
    updatedAt: new Date(),
  };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(autoCommunicationSettings)
      .values({ accountId: auth.account.id, ...values })
      .onConflictDoUpdate({ target: autoCommunicationSettings.accountId, set: values })
      .returning();
    await recordActivity(tx, {
      accountId: auth.account.id,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'auto_communication_updated',
      payload: { mode: body.mode, auto_reply: body.auto_reply },
    });
    return toApi(row!);
  });
}
