import { useState } from 'react';
import { BriefcaseBusiness, GraduationCap } from 'lucide-react';
import { CareerSection } from './career-section.tsx';
import { EducationDialog } from './education-dialog.tsx';
import { WorkExperienceDialog } from './work-experience-dialog.tsx';
import { formatStudyPeriod, formatWorkPeriod } from './work-education.format.ts';
import type { EducationValues, Keyed, WorkExperienceValues } from './work-education.types.ts';

type Key = string | number;

type ListProps<T> = {
  items: Keyed<T>[];
  loading?: boolean;
  error?: string | null;
  readOnly?: boolean;
  variant?: 'card' | 'plain';
  /** Save a new item; the dialog closes when it resolves. */
  onCreate: (values: T) => Promise<unknown> | void;
  onUpdate: (key: Key, values: T) => Promise<unknown> | void;
  onDelete: (key: Key) => Promise<unknown> | void;
};

/** "Опыт работы": the list with its add/edit dialog and delete confirmation. The owner decides where the data goes. */
export function WorkExperienceList({ items, onCreate, onUpdate, onDelete, ...rest }: ListProps<WorkExperienceValues>) {
  const [editing, setEditing] = useState<Key | 'new' | null>(null);
  const current = editing == null || editing === 'new' ? null : (items.find((item) => item.key === editing) ?? null);
  return (
    <>
      <CareerSection
        {...rest}
        title="Опыт работы"
        icon={<BriefcaseBusiness />}
        addLabel="Добавить место работы"
        emptyTitle="Места работы пока не добавлены"
        emptyDescription="Расскажите, где вы работали: так ученикам проще понять ваш опыт."
        rows={items.map((item) => ({
          key: item.key,
          title: item.position_title,
          subtitle: item.company_name,
          period: formatWorkPeriod(item.start_date, item.end_date),
        }))}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={onDelete}
      />
      <WorkExperienceDialog
        open={editing != null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        item={current}
        onSubmit={(values) => (current ? onUpdate(current.key, values) : onCreate(values))}
      />
    </>
  );
}

/** "Образование": the list with its add/edit dialog and delete confirmation. */
export function EducationList({ items, onCreate, onUpdate, onDelete, ...rest }: ListProps<EducationValues>) {
  const [editing, setEditing] = useState<Key | 'new' | null>(null);
  const current = editing == null || editing === 'new' ? null : (items.find((item) => item.key === editing) ?? null);
  return (
    <>
      <CareerSection
        {...rest}
        title="Образование"
        icon={<GraduationCap />}
        addLabel="Добавить образование"
        emptyTitle="Образование пока не добавлено"
        emptyDescription="Добавьте вуз, курсы или другое обучение."
        rows={items.map((item) => ({
          key: item.key,
          title: item.university_name,
          subtitle: item.specialty,
          period: formatStudyPeriod(item.start_year, item.end_year),
        }))}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={onDelete}
      />
      <EducationDialog
        open={editing != null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        item={current}
        onSubmit={(values) => (current ? onUpdate(current.key, values) : onCreate(values))}
      />
    </>
  );
}
