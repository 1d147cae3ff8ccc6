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

/** «12 ноября 2026, 15:00» in the reader's zone */
export const interviewWhen = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);

export function interviewOfferedMail(name: string | null | undefined, times: string[], origin: string): Mail {
  return {
    subject: 'Выберите время видеоинтервью',
    text:
      `${greeting(name)}\n\n` +
      'Спасибо за заявку наставника! Следующий шаг — видеоинтервью с командой «Формы» на 30 минут: мы познакомимся, ' +
      'сверим документ и опыт и попросим коротко разобрать вопрос ученика.\n\n' +
      `Предложенное время:\n${times.map((t) => `— ${t}`).join('\n')}\n\n` +
      `Выберите удобное: ${origin}/become-mentor` +
      signature,
  };
}

export function interviewBookedMail(name: string | null | undefined, when: string, roomUrl: string, origin: string): Mail {
  return {
    subject: 'Видеоинтервью назначено',
    text:
      `${greeting(name)}\n\n` +
      `Видеоинтервью с командой «Формы» назначено на ${when} (30 минут).\n\n` +
      `Комната откроется за 30 минут до начала: ${origin}${roomUrl}\n` +
      'Понадобятся камера, микрофон и документ, удостоверяющий личность.' +
      signature,
  };
}
