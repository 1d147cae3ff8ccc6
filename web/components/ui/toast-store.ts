import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the product default is 4 s. */
  duration?: number;
};

export type ToastItem = Required<Pick<ToastOptions, 'title' | 'variant' | 'duration'>> &
  Pick<ToastOptions, 'description'> & { id: number; open: boolean };

export const DEFAULT_TOAST_DURATION = 4000;
const MAX_VISIBLE = 3;
// Matches the exit animation, so a closed toast can slide out before it leaves the list.
const REMOVE_DELAY = 250;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setItems(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (event handlers, mutation callbacks); <Toaster /> renders it. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  const item: ToastItem = {
    id,
    open: true,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration ?? DEFAULT_TOAST_DURATION,
  };
  setItems([item, ...items].slice(0, MAX_VISIBLE));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  setItems(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => setItems(items.filter((item) => item.id !== id)), REMOVE_DELAY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items, () => items);
}
