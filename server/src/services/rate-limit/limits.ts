/**
 * The rate limits, in one table. Each action has one or more rules; a request is refused when
 * any of its rules is over. Keys are per project, so one project's traffic never limits another.
 * Windows are fixed (they start at a key's first hit): simple, exact under concurrency, and at
 * worst let twice the limit through across one window boundary.
 */
import type { RateLimitWindow } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a rule counts by: the client's address, or the email the request is about. */
export type RateLimitSubject = 'ip' | 'email';

/** One limit of an action. */
export interface RateLimitRule extends RateLimitWindow {
  by: RateLimitSubject;
}

/** The limited actions. */
export type RateLimitAction = 'sendCode' | 'signIn' | 'signUp' | 'useCode' | 'oauthStart';

/** Every limit the server enforces. */
export const RATE_LIMITS: Readonly<Record<RateLimitAction, readonly RateLimitRule[]>> = {
  /**
   * Emailing a code or link: sign-in code, password reset, contact-channel verification.
   * Per recipient: a person needs one or two resends; more is someone mail-bombing an inbox (or
   * burning the sender's reputation) through us. Per IP: stops one client spraying many inboxes,
   * with room for an office or campus behind one NAT.
   */
  sendCode: [
    { by: 'email', limit: 5, windowMs: 10 * MINUTE },
    { by: 'ip', limit: 50, windowMs: 10 * MINUTE },
  ],
  /**
   * Password sign-in. Per email: slows guessing one account's password to 10 tries per 5 minutes
   * (a lockout an attacker can cause lasts only those 5 minutes, and code sign-in is separate).
   * Per IP: slows credential stuffing across many accounts, still roomy for a shared NAT.
   */
  signIn: [
    { by: 'email', limit: 10, windowMs: 5 * MINUTE },
    { by: 'ip', limit: 100, windowMs: 5 * MINUTE },
  ],
  /** Password sign-up, per IP: stops bulk account creation; a household or office signs up far fewer. */
  signUp: [{ by: 'ip', limit: 20, windowMs: HOUR }],
  /**
   * Using or checking an emailed code (sign-in, password reset, email verification). Each code
   * already has its own attempt cap; this per-IP limit stops guessing across many codes at once.
   * Roomy, because the pages that open an emailed link may check the code before using it.
   */
  useCode: [{ by: 'ip', limit: 100, windowMs: 10 * MINUTE }],
  /**
   * Starting an OAuth sign-in, per IP: each start keeps the flow's parameters for ten minutes, so
   * an anonymous client must not start them by the thousand. A person clicks a button a few times.
   */
  oauthStart: [{ by: 'ip', limit: 60, windowMs: 10 * MINUTE }],
};
