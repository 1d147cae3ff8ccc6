import { BadgeCheck, CalendarCheck, MessagesSquare, Target } from 'lucide-react';

/** Spec 000 §2: a fixed 'why choose me' list of four static benefits. */
export const WHY_ME_BENEFITS = [
  { icon: Target, title: 'Индивидуальный подход', text: 'Разбираем именно вашу ситуацию и цели, без шаблонных программ.' },
  { icon: BadgeCheck, title: 'Практический опыт', text: 'Делюсь тем, что проверено на реальных проектах и задачах.' },
  { icon: CalendarCheck, title: 'Удобное расписание', text: 'Подбираем время занятий под ваш график, напоминание придёт за час.' },
  { icon: MessagesSquare, title: 'Поддержка между сессиями', text: 'Отвечаю на вопросы в чате и помогаю не потерять темп.' },
] as const;

export function WhyMe() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {WHY_ME_BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-xl bg-muted/50 p-4">
          <div className="grid size-10 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary">
            <Icon aria-hidden className="size-5" />
          </div>
          <div>
            <p className="font-medium">{title}</p>
            <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
