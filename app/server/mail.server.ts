// Every email leaves through this module. With SMTP_URL it goes out over SMTP (nodemailer);
// without it the message (subject and link, never a password) is written to the log and kept
// in a small in-memory outbox so the flows still work on a developer's machine.
import nodemailer from "nodemailer";
import type { Logger } from "./log.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The last messages sent without SMTP (development only). */
  outbox: Mail[];
}

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const outbox: Mail[] = [];
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    outbox,
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, "mail sent");
        return;
      }
      outbox.push(mail);
      if (outbox.length > 50) outbox.shift();
      options.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail (no SMTP_URL set, not sent)");
    },
  };
}
