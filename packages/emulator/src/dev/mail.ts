/**
 * The outbox: every mail the emulator "sends" (verification codes, recovery and activation
 * links) lands here, readable at `GET /_emulator/outbox` and from code.
 */

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

/** An outbox over a message list owned by state. */
export function createOutbox(messages: () => MailMessage[], clear: () => void): Outbox {
  const matches = (m: MailMessage, f: MailFilter) =>
    (f.to === undefined || m.to === f.to.toLowerCase()) &&
    (f.kind === undefined || m.kind === f.kind);
  return {
    list: (filter = {}) =>
      messages()
        .filter((m) => matches(m, filter))
        .map((m) => ({ ...m })),
    latest: (filter = {}) => {
      const found = messages()
        .filter((m) => matches(m, filter))
        .at(-1);
      return found ? { ...found } : undefined;
    },
    clear,
  };
}
