/**
 * When a failed delivery is tried again (docs/decisions.md, "Webhook retries"): exponential, 1 minute × 4ⁿ, on the
 * injected clock: 1 min, 4 min, 16 min, 64 min, 4 h 16 min, 17 h 4 min after each failure; after the 7th attempt
 * (about 22 h 45 min after the first) the delivery is failed for good. No jitter: one account's deliveries to one
 * receiver are few, and a schedule a user can read off the log is worth more.
 */
export const WEBHOOK_MAX_ATTEMPTS = 7;
const BASE_MS = 60_000;
const FACTOR = 4;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones (1-based); null when none is left. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return BASE_MS * FACTOR ** (attempts - 1);
}
