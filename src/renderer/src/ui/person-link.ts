/** A user's VK page from their public key: only an all-digit key is a VK id ('id7' keys of users without VK stay text). */
export function vkProfileHref(userKey: string): string | null {
  return /^\d{1,20}$/.test(userKey) ? `https://vk.com/id${userKey}` : null;
}
