/** The chat's Durable Object (workers/chat-room.ts), one per chat id. */
export type ChatRoomBindings = Pick<Env, "CHAT_ROOM" | "USAGE_METER">;

export function roomOf(env: Pick<Env, "CHAT_ROOM">, chatId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));
}
