import { createFileRoute } from '@tanstack/react-router';
import { requireCreator } from '../features/account/guards.ts';
import { SessionEditorScreen } from '../features/session-editor/session-editor-screen.tsx';

export const Route = createFileRoute('/CreateEntityPage')({
  beforeLoad: ({ context, location }) => requireCreator(context, location),
  component: SessionEditorScreen,
});
