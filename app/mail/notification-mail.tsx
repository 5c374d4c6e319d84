// A notification mail (at once or the daily digest): a greeting, what is new, grouped by question
// (story notices together), each item with its link on the site, and the footer every such mail
// carries: why it came, and the one-click way to stop them (RFC 8058).
import { SITE_NAME } from "~/lib/seo";
import { MailFooter, renderMail } from "./mail-document";

export interface NotificationMailWords {
  subject: string;
  greeting: string;
  intro: string;
  groups: { heading: string; items: { headline: string; quote: string; link: string }[] }[];
  settingsUrl: string;
  unsubscribeUrl: string;
}

function NotificationMail({ words }: { words: NotificationMailWords }) {
  return (
    <>
      <p>{words.greeting}</p>
      <p>{words.intro}</p>
      {words.groups.map((group, i) => (
        <section key={i}>
          <h2 style={{ fontSize: "18px" }}>{group.heading}</h2>
          <ul>
            {group.items.map((item, j) => (
              <li key={j}>
                <div>{item.headline}.</div>
                {item.quote ? <blockquote>{item.quote}</blockquote> : null}
                <div>
                  <a href={item.link}>Read it on the site</a>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <MailFooter>
        <p>You get these emails because of your notification settings.</p>
        <p>
          <a href={words.settingsUrl}>Change your notification settings</a>
        </p>
        <p>
          <a href={words.unsubscribeUrl}>Stop all notification emails with one click</a>
        </p>
        <p>{SITE_NAME}: educational community discussion, not medical advice.</p>
      </MailFooter>
    </>
  );
}

export function renderNotificationMail(words: NotificationMailWords) {
  return renderMail(words.subject, <NotificationMail words={words} />);
}
