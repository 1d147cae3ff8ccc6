import { cn } from '../lib/cn.ts';
import { MENTOR_FIGURES_HOW, menteeFigures, mentorFigures, type Figure, type MenteeReliability, type MentorReliability } from '../lib/reliability-text.ts';

function FigureList({ figures, className }: { figures: Figure[]; className?: string }) {
  return (
    <dl className={cn('grid gap-3', className)}>
      {figures.map((f) => (
        <div key={f.key} data-figure={f.key} className="min-w-0 rounded-xl bg-muted/50 p-3">
          <dt className="text-xs text-muted-foreground">{f.label}</dt>
          <dd className="mt-0.5">
            {f.value !== null ? <span className="text-lg font-semibold tabular-nums">{f.value}</span> : null}
            <span className={cn('block text-xs', f.value === null ? 'text-sm text-muted-foreground' : 'text-muted-foreground')}>{f.detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A mentor's reliability on their page (decision 021): four figures, each with what it is computed from, and the
 * definitions one click away. `null` (not counted yet) says so rather than showing zeros.
 */
export function MentorReliabilityFigures({ reliability }: { reliability: MentorReliability | null }) {
  return (
    <div className="grid gap-3">
      {reliability ? (
        <FigureList figures={mentorFigures(reliability)} className="grid-cols-2 xl:grid-cols-4" />
      ) : (
        <p className="text-sm text-muted-foreground">Пока мало данных: цифры появятся после первых встреч.</p>
      )}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer font-medium text-primary">Как считаем</summary>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
          {MENTOR_FIGURES_HOW.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/**
 * A mentee's attendance and late cancellations, for the mentor deciding about them (decision 021): shown only where
 * the server answered them, i.e. to a mentor the mentee booked.
 */
export function MenteeReliabilityFigures({ reliability, className }: { reliability: MenteeReliability; className?: string }) {
  return (
    <section aria-label="Надёжность ученика" className={cn('grid gap-2', className)}>
      <h3 className="text-sm font-semibold">Надёжность ученика</h3>
      <FigureList figures={menteeFigures(reliability)} className="grid-cols-2" />
      <p className="text-xs text-muted-foreground">
        По всем консультациям ученика на платформе: встреча засчитана, если ученик был в комнате встречи к началу; поздняя отмена — меньше чем за 24 ч до начала. Обновляется раз в час.
      </p>
    </section>
  );
}
