import { Briefcase, GraduationCap } from 'lucide-react';
import { formatStudyPeriod, formatWorkPeriod } from '../../components/work-education/work-education.format.ts';
import { ExpandableList } from './expandable-list.tsx';
import type { Education, WorkExperience } from './mentors.api.ts';

/** Spec 000 §9: 2 work places and 1 education shown on the mentor page by default. */
export const EXPERIENCE_INITIAL = 2;
export const EDUCATION_INITIAL = 1;

function Row({ icon, title, subtitle, period }: { icon: React.ReactNode; title: string; subtitle: string; period: string }) {
  return (
    <div className="flex gap-3">
      <div className="grid size-10 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5">{icon}</div>
      <div className="min-w-0">
        <p className="font-medium leading-snug">{title}</p>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
        {period ? <p className="mt-0.5 text-xs text-muted-foreground">{period}</p> : null}
      </div>
    </div>
  );
}

export function ExperienceList({ items }: { items: WorkExperience[] }) {
  return (
    <ExpandableList
      label="Опыт работы"
      items={items}
      initial={EXPERIENCE_INITIAL}
      getKey={(item) => item.id}
      renderItem={(item) => (
        <Row icon={<Briefcase />} title={item.position_title} subtitle={item.company_name} period={formatWorkPeriod(item.start_date, item.end_date)} />
      )}
    />
  );
}

export function EducationList({ items }: { items: Education[] }) {
  return (
    <ExpandableList
      label="Образование"
      items={items}
      initial={EDUCATION_INITIAL}
      getKey={(item) => item.id}
      renderItem={(item) => (
        <Row icon={<GraduationCap />} title={item.university_name} subtitle={item.specialty} period={formatStudyPeriod(item.start_year, item.end_year)} />
      )}
    />
  );
}
