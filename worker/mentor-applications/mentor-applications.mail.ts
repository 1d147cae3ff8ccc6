// The e-mails of the mentor application's life: to the admins when one is submitted, to the applicant
// when it is decided.
import type { OutgoingEmail } from '../mail/outgoing.ts';

type Mail = Omit<OutgoingEmail, 'to'>;

const signature = '\n\nКоманда «Формы»';
const greeting = (name: string | null | undefined) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!');

export function submittedMail(applicationId: number, applicant: string, origin: string): Mail {
  return {
    subject: 'Новая заявка наставника',
    text:
      `${applicant} отправил(а) заявку наставника № ${applicationId}.\n\n` +
      `Заявки на модерации: ${origin}/admin/mentor-applications` +
      signature,
  };
}

export function approvedMail(name: string | null | undefined, origin: string): Mail {
  return {
    subject: 'Заявка наставника одобрена',
    text:
      `${greeting(name)}\n\n` +
      'Поздравляем: ваша заявка наставника одобрена! Профиль наставника уже обновлён по данным заявки, ' +
      'и ученики смогут находить вас и записываться на консультации.\n\n' +
      `Проверьте профиль и добавьте удобное время для встреч: ${origin}/ProfileSettings\n\n` +
      'Рады, что вы с нами!' +
      signature,
  };
}

export function rejectedMail(name: string | null | undefined, reason: string, origin: string): Mail {
  return {
    subject: 'Заявка наставника отклонена',
    text:
      `${greeting(name)}\n\n` +
      'К сожалению, мы не можем одобрить вашу заявку наставника.\n\n' +
      `Причина: ${reason}\n\n` +
      `Вы можете учесть замечания и подать новую заявку: ${origin}/become-mentor` +
      signature,
  };
}
