export interface OutgoingMail {
  outboxId: number;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where e-mails go: the local mailbox (default) or SMTP. */
export interface MailTransport {
  readonly name: 'local' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
