import type { MailDelivery, OutboxMail } from '@common/contracts/mail';
import { counted } from '@common/counted';

/** Where mail goes, in a sentence for the top of the Outbox. */
export function deliveryText(delivery: MailDelivery): string {
  return delivery === 'smtp'
    ? 'Mail is sent through the mail server set for this application. The newest 200 mails are kept here.'
    : 'No mail server is set up (SMTP_URL), so mail is not sent: it is kept here (the newest 200) and in the server log. Open a mail to read it and follow its link.';
}

/** A mail's state in a clerk's words: "Sent", "Waiting to be sent", "Not sent: <reason>". */
export function statusLabel(
  mail: Pick<OutboxMail, 'status' | 'attempts' | 'lastError'>,
  delivery: MailDelivery,
): string {
  switch (mail.status) {
    case 'sent':
      return delivery === 'smtp' ? 'Sent' : 'Kept here (not sent)';
    case 'sending':
      return 'Sending';
    case 'queued':
      return mail.attempts === 0
        ? 'Waiting to be sent'
        : `Trying again (${counted(mail.attempts, 'try', 'tries')} so far): ${mail.lastError ?? 'no reason given'}`;
    case 'failed':
      return `Not sent after ${counted(mail.attempts, 'try', 'tries')}: ${mail.lastError ?? 'no reason given'}`;
  }
}
