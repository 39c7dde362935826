/** Mail the emulator "sends" (verification codes, recovery and activation links), and read access to it. */

/** What a mail is for. */
export type MailKind = 'verification' | 'recovery' | 'activation';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** The verification code, for `verification` mails. */
  code?: string;
  /** The one-time token of a recovery or activation link (`POST …/recovery/v1/recover`). */
  recoveryToken?: string;
  /** The hosted page the mail links to. */
  link?: string;
  sentAt: string;
}

/** Filter of {@link Outbox.list}. */
export interface MailFilter {
  to?: string;
  kind?: MailKind;
}

/** Read access to sent mail. */
export interface Outbox {
  /** Every message, oldest first, optionally filtered by recipient and kind. */
  list(filter?: MailFilter): MailMessage[];
  /** The newest message matching the filter. */
  latest(filter?: MailFilter): MailMessage | undefined;
  /** Forgets every message. */
  clear(): void;
}
