import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-transport';

/**
 * SMTP through nodemailer, over a pool of up to `maxConnections` connections kept open and reused (a new
 * connection per message cost a handshake each, issue 14). The outbox's fixed Message-ID lets receivers
 * recognise a retried message. Options in the URL (`?pool=false`) win over these.
 */
export function smtpTransport(url: string, maxConnections = 5): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections });
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {
      transporter.close();
    },
  };
}
