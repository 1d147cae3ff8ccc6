// Moving a booking to another time (issue 38 §1, decision 024): the refusals the API words and the web shows. Pure: the
// web's reschedule dialog reads them too.

/** The mentee's move after the cut-off kept on the booking: moving has the cancellation's cut-off (decision 022). */
export const rescheduleCutoffMessage = (hours: number) => `Перенести запись можно не позднее чем за ${hours} ч до начала`;

export const rescheduleMessages = {
  notBooker: 'Перенести запись может только ученик, который её оплатил',
  notPaid: 'Запись ещё не оплачена: оплатите её или отмените и запишитесь на другое время',
  sameSlot: 'Запись уже на это время',
  otherType: 'Перенести можно только на другое время этого же наставника',
  proposeOtherType: 'Предложить можно только другое время этой же консультации',
  packageOtherType: 'Запись из пакета переносится только на время той же консультации: пакет куплен на неё',
  notMentor: 'Предложить другое время может только наставник этой консультации',
  notMentee: 'Ответить на предложение может только ученик, записавшийся на консультацию',
  proposalClosed: 'Это предложение уже неактуально: на него ответили или время ответа истекло',
} as const;
