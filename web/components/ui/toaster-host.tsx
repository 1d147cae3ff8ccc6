import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store.ts';

// The toasts' Radix code loads with the first toast rather than with the first page: most visits raise none.
const Toaster = lazy(() => import('./toast.tsx').then((m) => ({ default: m.Toaster })));

/** Mounted once at the root: renders <Toaster /> from the first toast on (and keeps it, for the exit animations). */
export function ToasterHost() {
  const anyToast = useToasts().length > 0;
  const [needed, setNeeded] = useState(anyToast);
  if (anyToast && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
