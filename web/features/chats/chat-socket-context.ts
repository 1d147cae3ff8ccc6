import { createContext, useContext } from 'react';
import { connectChatSocket, type ChatSocketFactory } from './use-chat-socket.ts';

/** How rooms open their live connection: partysocket in the app, a fake in tests. */
export const ChatSocketContext = createContext<ChatSocketFactory>(connectChatSocket);

export const useChatSocketFactory = () => useContext(ChatSocketContext);
