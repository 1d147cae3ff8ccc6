// The profile setup wizard as a pure state machine (spec 002 §4.7, §5.5): the component only runs the timers.

export const TOTAL_STEPS = 8;
export const MAX_SKILLS = 5;
/** Pause before the bot starts typing a message, and the speed it types at. */
export const TYPING_DELAY_MS = 400;
export const TYPING_CHAR_MS = 25;
/** 'Заполнить профиль полностью' resumes at step 5 after this pause. */
export const RESUME_DELAY_MS = 300;
/** After an edit the answer field gets the focus back after this pause. */
export const REFOCUS_DELAY_MS = 100;

export const SKIPPED_TEXT = 'Пропущено';

export type WizardRole = 'mentor' | 'student' | 'professional';
export const roleLabels: Record<WizardRole, string> = {
  mentor: 'Наставник',
  student: 'Ученик',
  professional: 'Профессионал',
};

/** The wizard's draft (spec 002 §3 "Profile draft"); the role is informational and never saved. */
export type ProfileDraft = {
  mentor_name: string;
  mentor_surname: string;
  phone: string;
  email: string;
  user_role: WizardRole | '';
  user_city_residence: string;
  mentor_description: string;
  mentor_skills: string[];
};

export const emptyDraft: ProfileDraft = {
  mentor_name: '',
  mentor_surname: '',
  phone: '',
  email: '',
  user_role: '',
  user_city_residence: '',
  mentor_description: '',
  mentor_skills: [],
};


export type StepDefinition = { step: number; field: keyof ProfileDraft; question: string; optional: boolean };

export const steps: StepDefinition[] = [
  { step: 1, field: 'mentor_name', question: 'Как вас зовут? Напишите имя.', optional: false },
  { step: 2, field: 'mentor_surname', question: 'Отлично! А какая у вас фамилия?', optional: false },
  { step: 3, field: 'phone', question: 'Оставьте номер телефона — по нему с вами свяжутся по поводу занятий.', optional: false },
  { step: 4, field: 'email', question: 'Какой email использовать для уведомлений?', optional: false },
  { step: 5, field: 'user_role', question: 'Кем вы видите себя на платформе?', optional: true },
  { step: 6, field: 'user_city_residence', question: 'В каком городе вы живёте?', optional: true },
  { step: 7, field: 'mentor_description', question: 'Расскажите немного о себе: опыт, интересы, чем можете помочь.', optional: true },
  { step: 8, field: 'mentor_skills', question: `Добавьте ключевые навыки — не больше ${MAX_SKILLS}.`, optional: true },
];

export const greetings = ['Привет! Я помогу настроить профиль в Форме.', 'Это займёт пару минут: я задам несколько вопросов, а вы отвечайте прямо в чате.'];

export type ChatMessage = {
  id: number;
  type: 'bot' | 'user';
  text: string;
  /** user messages: the step they answer (and can be edited to return to) */
  step?: number;
  skipped?: boolean;
};

export type WizardState = {
  messages: ChatMessage[];
  /** Bot messages waiting to be typed. */
  queue: string[];
  /** The bot message being typed and how many characters are shown. */
  typing: { text: string; shown: number } | null;
  /** The step being asked; TOTAL_STEPS + 1 once everything is answered. */
  step: number;
  draft: ProfileDraft;
  dialog: 'progress' | 'complete' | null;
  /** After an edit: the previous answer, put back into the field. */
  prefill: ProfileDraft[keyof ProfileDraft] | null;
  /** Changes on every edit, so the answer field remounts with the prefill. */
  editCount: number;
  nextId: number;
};

export function initialWizardState(): WizardState {
  return {
    messages: [],
    queue: [...greetings, steps[0]!.question],
    typing: null,
    step: 1,
    draft: emptyDraft,
    dialog: null,
    prefill: null,
    editCount: 0,
    nextId: 1,
  };
}

export type WizardAction =
  | { type: 'start-typing' }
  | { type: 'type-char' }
  | { type: 'answer'; text: string; value: ProfileDraft[keyof ProfileDraft] }
  | { type: 'skip' }
  | { type: 'edit'; messageId: number }
  | { type: 'close-dialog' }
  | { type: 'resume' };

export function progressPercent(step: number): number {
  return Math.min(100, Math.round((step / TOTAL_STEPS) * 100));
}

export function isBotBusy(state: WizardState): boolean {
  return state.typing !== null || state.queue.length > 0;
}

/**
 * Shows whatever the bot still has to type at once. An answer given while the question is being typed
 * is taken, not dropped: the conversation is completed first so the answer lands after its question.
 */
function flush(state: WizardState): WizardState {
  const pending = [...(state.typing ? [state.typing.text] : []), ...state.queue];
  if (pending.length === 0) return state;
  const messages = pending.map((text, index): ChatMessage => ({ id: state.nextId + index, type: 'bot', text }));
  return { ...state, typing: null, queue: [], messages: [...state.messages, ...messages], nextId: state.nextId + pending.length };
}

function afterAnswer(state: WizardState, message: ChatMessage, draft: ProfileDraft): WizardState {
  const answered = state.step;
  const next = answered + 1;
  const base = { ...state, messages: [...state.messages, message], draft, step: next, prefill: null, nextId: state.nextId + 1 };
  // Step 4 answered (the counter reaches 5): the 'great progress' dialog; step 8: the final one.
  if (answered === 4) return { ...base, dialog: 'progress' };
  if (answered === TOTAL_STEPS) return { ...base, dialog: 'complete' };
  return { ...base, queue: [...state.queue, steps[next - 1]!.question] };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start-typing': {
      if (state.typing || state.queue.length === 0) return state;
      const [text, ...rest] = state.queue;
      return { ...state, typing: { text: text!, shown: 0 }, queue: rest };
    }
    case 'type-char': {
      if (!state.typing) return state;
      const shown = state.typing.shown + 1;
      if (shown < state.typing.text.length) return { ...state, typing: { ...state.typing, shown } };
      const message: ChatMessage = { id: state.nextId, type: 'bot', text: state.typing.text };
      return { ...state, typing: null, messages: [...state.messages, message], nextId: state.nextId + 1 };
    }
    case 'answer': {
      const definition = steps[state.step - 1];
      if (!definition || state.dialog) return state;
      state = flush(state);
      const message: ChatMessage = { id: state.nextId, type: 'user', text: action.text, step: state.step };
      return afterAnswer(state, message, { ...state.draft, [definition.field]: action.value });
    }
    case 'skip': {
      const definition = steps[state.step - 1];
      if (!definition?.optional || state.dialog) return state;
      state = flush(state);
      const message: ChatMessage = { id: state.nextId, type: 'user', text: SKIPPED_TEXT, step: state.step, skipped: true };
      return afterAnswer(state, message, { ...state.draft, [definition.field]: emptyDraft[definition.field] });
    }
    case 'edit': {
      const index = state.messages.findIndex((message) => message.id === action.messageId && message.type === 'user');
      const message = state.messages[index];
      if (!message?.step) return state;
      const editedStep = message.step;
      // The answers from the edited step on are gone from the conversation, so they leave the draft too.
      const draft = { ...state.draft };
      for (const definition of steps.slice(editedStep - 1)) (draft as Record<string, unknown>)[definition.field] = emptyDraft[definition.field];
      const field = steps[editedStep - 1]!.field;
      return {
        ...state,
        messages: state.messages.slice(0, index),
        queue: [],
        typing: null,
        step: editedStep,
        draft,
        dialog: null,
        prefill: message.skipped ? null : state.draft[field],
        editCount: state.editCount + 1,
      };
    }
    case 'close-dialog':
      return { ...state, dialog: null };
    case 'resume': {
      if (state.step !== 5 || isBotBusy(state)) return state;
      return { ...state, dialog: null, queue: [steps[4]!.question] };
    }
  }
}
