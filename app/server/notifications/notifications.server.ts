// Notifications: each member's inbox and the mails that tell them, sent through the outbox.
// The one module the rest of the app imports from this area; its other modules are internal.
export { ACCOUNT_MAIL_WORDS, SIGN_UP_REFUSED_MESSAGE } from "./email/account-mails.server";
export { EMAIL_CHOICES, emailAddressOf, emailChoice, type EmailChoice, setEmailChoice } from "./email/choice.server";
export { queueAccountMail, scheduleMailsForNotification, scheduleMailsForTopicQuestion } from "./email/outbox.server";
export {
  follow,
  listNotifications,
  markAllRead,
  markQuestionRead,
  NOTIFICATIONS_PAGE_SIZE,
  notifyAuthor,
  notifyOfAnswer,
  openNotification,
  unfollow,
  unreadCount,
} from "./inbox.server";
