// Every email leaves through this module. With SMTP_URL it goes out over SMTP (nodemailer).
// Without it, where someone is trying the site out (development, or the embedded database), the
// message (subject and link, never a password) is written to the log and kept in a small
// in-memory outbox so the flows still work; in production on PostgreSQL (MAIL=off) only its id.
import nodemailer from "nodemailer";
import type { Logger } from "./log.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
  /** A Message-ID of our own (`<id@host>`), the same on every try of one mail; else one is made. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The last messages sent without SMTP (development only). */
  outbox: Mail[];
}

/** The part of a Message-ID before its host: an id to find the mail by, not an address. */
export function mailId(messageId: string) {
  return messageId.replace(/^</, "").replace(/@.*$/, "");
}

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger; logUnsent?: boolean }): Mailer {
  const outbox: Mail[] = [];
  // Bounded waits: a mail in the outbox is held under a two-minute lease while it is sent, so a
  // server that stops answering must fail the attempt well inside it (it is then retried).
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  return {
    outbox,
    async send(mail) {
      if (transport) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        // The mail's id, never its recipient or subject (a member's health question).
        options.log.info({ mail: mailId(String(info.messageId ?? mail.messageId ?? "")) }, "mail sent");
        return;
      }
      if (!options.logUnsent) {
        options.log.info({ mail: mailId(String(mail.messageId ?? "")) }, "mail not sent (MAIL=off)");
        return;
      }
      outbox.push(mail);
      if (outbox.length > 50) outbox.shift();
      options.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail (no SMTP_URL set, not sent)");
    },
  };
}
