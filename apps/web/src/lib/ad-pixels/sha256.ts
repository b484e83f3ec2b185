/** SHA-256 of a normalised e-mail (trimmed, lower case), hex, as Meta's advanced matching takes it. */
export async function sha256Email(email: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  // Outside a secure context there is no Web Crypto: then no address is sent at all.
  if (!subtle) return undefined;
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
