/**
 * The outbox: every mail the emulator "sends" (verification codes, recovery and activation
 * links) lands here, readable at `GET /_emulator/outbox` and from code.
 */
import type { MailFilter, MailMessage, Outbox } from '../models/mail.js';

/** An outbox over a message list owned by state. */
export function createOutbox(
  messages: () => readonly Readonly<MailMessage>[],
  clear: () => void,
): Outbox {
  const matches = (m: Readonly<MailMessage>, f: MailFilter) =>
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
