// A real SMTP server on loopback for the browser tests: every mail the site sends is written as
// JSON into .e2e-data-mail/, where tests read it (see tests/e2e/fixtures.ts).
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? ".e2e-mail");

export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const file = path.join(MAIL_DIR, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
          // The one-click unsubscribe address, as a mail program would read it from the headers.
          const unsubscribe = mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line.replace(/^[^:]*:\s*/, "");
          const unsubscribePost = mail.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line.replace(/^[^:]*:\s*/, "");
          fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, unsubscribe, unsubscribePost }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT ?? 2526), "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
