// The phone confirmation's texts (decision 013), shared by the server and the settings screen: no server code here.
export const phoneMessages = {
  nothingPending: 'Нет номера, ожидающего подтверждения',
  invalidCode: 'Неверный или устаревший код',
  taken: 'Этот телефон уже привязан к другому аккаунту',
  confirmed: 'Телефон подтверждён',
  sent: 'Мы отправили код на новый номер',
} as const;
