import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-transport';

/** SMTP through nodemailer. The outbox's fixed Message-ID lets receivers recognise a retried message. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
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
