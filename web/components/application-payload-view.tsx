import type { ReactNode } from 'react';
import { BriefcaseBusiness, GraduationCap, type LucideIcon } from 'lucide-react';
import { Badge } from './ui/badge.tsx';
import { formatStudyPeriod, formatWorkPeriod } from './work-education/work-education.format.ts';
import type { MentorApplicationPayload } from '../../worker/mentor-applications/mentor-applications.schemas.ts';

/** The parts of a mentor application payload (the server's schema) that people read: the applicant's own view and moderation. */
export type PayloadForView = Pick<
  MentorApplicationPayload,
  'mentor_description' | 'mentor_skills' | 'mentor_specialization' | 'mentor_title' | 'mentor_tg_title' | 'work_experiences' | 'educations'
>;

function Block({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">Не указано</span>;

/** A read-only application payload: about, specialization, skills, Telegram, work and education. */
export function ApplicationPayloadView({ payload }: { payload: PayloadForView }) {
  const skills = payload.mentor_skills ?? [];
  const work = payload.work_experiences ?? [];
  const education = payload.educations ?? [];
  return (
    <dl className="grid gap-4">
      <Block label="Специализация">{payload.mentor_specialization || none}</Block>
      <Block label="О себе">{payload.mentor_description ? <p className="whitespace-pre-line break-words">{payload.mentor_description}</p> : none}</Block>
      <Block label="Навыки">
        {skills.length ? (
          <span className="flex flex-wrap gap-1.5">
            {skills.map((skill) => (
              <Badge key={skill} variant="secondary">
                {skill}
              </Badge>
            ))}
          </span>
        ) : (
          none
        )}
      </Block>
      {payload.mentor_title || payload.mentor_tg_title ? (
        <Block label="Telegram">
          {[payload.mentor_title, payload.mentor_tg_title].filter(Boolean).join(' · ')}
        </Block>
      ) : null}
      <Block label="Опыт работы">
        <CareerRows
          icon={BriefcaseBusiness}
          empty={none}
          rows={work.map((item) => ({ title: item.position_title, subtitle: item.company_name, period: formatWorkPeriod(item.start_date, item.end_date) }))}
        />
      </Block>
      <Block label="Образование">
        <CareerRows
          icon={GraduationCap}
          empty={none}
          rows={education.map((item) => ({ title: item.university_name, subtitle: item.specialty, period: formatStudyPeriod(item.start_year, item.end_year) }))}
        />
      </Block>
    </dl>
  );
}

/** Work places or educations of an application: title, subtitle and period with an icon. */
function CareerRows({ icon: Icon, rows, empty }: { icon: LucideIcon; rows: Array<{ title: string; subtitle: string; period: string }>; empty: ReactNode }) {
  if (!rows.length) return <>{empty}</>;
  return (
    <ul className="grid gap-2">
      {rows.map((row, index) => (
        <li key={index} className="flex gap-2.5">
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0">
            <span className="font-medium break-words">{row.title}</span>, {row.subtitle}
            <span className="block text-xs text-muted-foreground">{row.period}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
