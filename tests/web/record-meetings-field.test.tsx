import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { eventFormData, eventPayload, newEventState, stateFromEvent, validateEvent } from '../../web/features/session-editor/event-form.rules.ts';
import { RecordMeetingsField } from '../../web/features/session-editor/record-meetings-field.tsx';
import { RECORDING_TEXTS } from '../../web/lib/recordings/recording-texts.ts';

/* «Записывать встречи» (issue 36): the mentor's choice, on by default, sent to the server with the type or the event. */

describe('«Записывать встречи»', () => {
  it('a consultation type is recorded unless the mentor unticks it, and the form sends the choice', () => {
    const base = { name: 'Разбор резюме', description: '', duration: '60', costs: '2500' };
    expect(validateType(base).values).toMatchObject({ is_recorded: true });
    expect(validateType({ ...base, recorded: false }).values).toMatchObject({ is_recorded: false });
  });

  it('an event is recorded by default; the JSON and multipart payloads carry the choice, and an edit starts from the saved one', () => {
    expect(newEventState().isRecorded).toBe(true);
    const state = { ...newEventState(), title: 'Вебинар', date: '2030-03-10', isRecorded: false };
    const values = validateEvent(state, { timeZone: 'Europe/Moscow', now: new Date('2030-03-01T00:00:00Z') }).values!;
    expect(eventPayload(values, 7, true)).toMatchObject({ is_recorded: false });
    expect(eventFormData(values, { mentorId: 7, image: null, removeImage: false, isNew: true }).get('is_recorded')).toBe('false');
    const saved = { title: 'x', description: '', category: 'Хобби', date: '2030-03-10T12:00:00Z', price: 0, total_spots: 5, image_url: null, is_recorded: false };
    expect(stateFromEvent(saved, 'Europe/Moscow').isRecorded).toBe(false);
  });

  it('the checkbox says what it does and what participants are told', () => {
    let checked = true;
    render(<RecordMeetingsField checked={checked} onChange={(value) => (checked = value)} />);
    const box = screen.getByRole('checkbox', { name: RECORDING_TEXTS.checkbox });
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(RECORDING_TEXTS.checkboxHint)).toBeTruthy();
    fireEvent.click(box);
    expect(checked).toBe(false);
  });
});
