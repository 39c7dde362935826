/** Sending mail: every message lands in the state's outbox (read at `GET /_emulator/outbox`). */
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import type { MailMessage } from '../models/mail.js';
import { randomId } from '../crypto/random.js';

/** How many messages the outbox keeps. */
const MAX_MAIL = 500;

/** Puts a message in the outbox (the oldest go past {@link MAX_MAIL}). */
export function sendMail(
  ctx: EmulatorContext,
  tx: Transaction,
  message: Omit<MailMessage, 'id' | 'sentAt'>,
): MailMessage {
  const mail: MailMessage = {
    ...message,
    to: message.to.toLowerCase(),
    id: randomId(),
    sentAt: ctx.nowIso(),
  };
  const box = tx.state.mail;
  box.push(mail);
  if (box.length > MAX_MAIL) box.splice(0, box.length - MAX_MAIL);
  return mail;
}
