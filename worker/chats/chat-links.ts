/** Where the web app opens a room (spec 001: /ChatsPage accepts roomId). */
export const chatPageUrl = (roomId: string) => `/ChatsPage?roomId=${roomId}`;
