import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import type { ApplicationStatus } from './mentor-application.api.ts';

export const statusLabels: Record<ApplicationStatus, string> = {
  draft: 'Черновик',
  submitted: 'На модерации',
  approved: 'Подтверждено',
  rejected: 'Отклонено',
};

const statusClasses: Record<ApplicationStatus, string> = {
  draft: 'border-transparent bg-muted text-muted-foreground',
  submitted: 'border-transparent bg-amber-100 text-amber-800',
  approved: 'border-transparent bg-success/15 text-success',
  rejected: 'border-transparent bg-destructive/10 text-destructive',
};

export function ApplicationStatusChip({ status, label, className }: { status: ApplicationStatus; label?: string; className?: string }) {
  return (
    <Badge variant="outline" className={cn('px-3 py-1 text-sm', statusClasses[status], className)}>
      {label || statusLabels[status]}
    </Badge>
  );
}
