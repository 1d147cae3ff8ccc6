import { BadgeCheck, Check } from 'lucide-react';
import { inViewerZone, useDatesZone } from '../../lib/dayjs.ts';
import type { MentorDetail } from '../../lib/mentors/mentors.api.ts';
import { interviewChecks, type InterviewCheck } from '../../../worker/mentor-applications/interview-check-rules.ts';

type Verification = NonNullable<MentorDetail['verification']>;

/** «Прошёл видеоинтервью с командой Формы 12 ноября 2026» */
export function verifiedText(verification: Verification, timeZone?: string) {
  return `Прошёл видеоинтервью с командой Формы ${inViewerZone(verification.interviewed_at, timeZone).format('D MMMM YYYY')}`;
}

/**
 * «Профиль подтверждён» with what stands behind it (decision 004): a disclosure rather than a hover tooltip, so a
 * phone can open it too; the summary's title gives the same sentence on hover.
 */
export function VerifiedBadge({ verification }: { verification: Verification | null }) {
  const datesZone = useDatesZone();
  const badge = (
    <>
      <BadgeCheck aria-hidden className="size-3.5" />
      Профиль подтверждён
    </>
  );
  const pill = 'inline-flex items-center gap-1 rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-medium text-success';
  if (!verification) return <span className={pill}>{badge}</span>;
  const text = verifiedText(verification, datesZone);
  const checked = (Object.keys(interviewChecks) as InterviewCheck[]).filter((key) => verification[key]);
  return (
    <details className="group w-full max-w-xs text-center">
      <summary title={text} className={`${pill} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {badge}
      </summary>
      <div className="mt-2 rounded-xl border bg-background p-3 text-left text-xs text-muted-foreground">
        <p className="font-medium text-foreground">{text}.</p>
        {checked.length ? (
          <>
            <p className="mt-1.5">На интервью проверили:</p>
            <ul className="mt-1 grid gap-1">
              {checked.map((key) => (
                <li key={key} className="flex gap-1.5">
                  <Check aria-hidden className="mt-0.5 size-3.5 shrink-0 text-success" />
                  {interviewChecks[key]}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </details>
  );
}
