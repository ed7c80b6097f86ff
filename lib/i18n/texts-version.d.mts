/** The version of the shop's texts: a hash of every file of messages/ under `root` (12 hexadecimal digits). */
export function messagesVersion(root?: string): string;
